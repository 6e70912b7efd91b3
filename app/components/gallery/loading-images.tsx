/** The spec's loading state: 'Loading Images' under a 150 px spinner, announced politely to screen readers. */
export function LoadingImages({ className }: { className?: string }) {
  return (
    <div className={`loading-images${className ? ` ${className}` : ""}`} role="status">
      <div className="loading-images-spinner" aria-hidden="true" />
      <p className="loading-images-text">Loading Images</p>
    </div>
  );
}
