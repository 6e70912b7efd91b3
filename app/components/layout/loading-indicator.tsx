import { useNavigation } from "react-router";

/** A thin bar at the top of the page while the next page loads; announced to screen readers as "Loading...". */
export function LoadingIndicator() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <output className={`loading-indicator${busy ? " is-busy" : ""}`} aria-live="polite">
      {busy ? <span className="visually-hidden">Loading...</span> : null}
    </output>
  );
}
