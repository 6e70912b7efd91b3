import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";

type ModalRequest =
  | { type: "confirm"; title: string; message: React.ReactNode; confirmLabel?: string; danger?: boolean }
  | { type: "info"; title: string; message: React.ReactNode };

export type ModalApi = {
  /** Resolves true on Confirm, false on Cancel, Escape, the close button or a click beside the dialog. */
  confirm(request: Omit<Extract<ModalRequest, { type: "confirm" }>, "type">): Promise<boolean>;
  /** Resolves when the visitor dismisses it. */
  info(request: Omit<Extract<ModalRequest, { type: "info" }>, "type">): Promise<void>;
};

const ModalContext = createContext<ModalApi | null>(null);

export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error("useModal must be used inside <ModalHost>");
  return api;
}

/**
 * One modal for the whole site: a native <dialog> opened with showModal(), so the browser keeps focus inside it,
 * makes the page behind it inert, closes it on Escape and gives focus back on closing; site.css gives it
 * Bootstrap's modal look and locks page scrolling while it is open. Only script opens it, so it starts closed.
 */
export function ModalHost({ children }: { children: React.ReactNode }) {
  const [current, setCurrent] = useState<ModalRequest | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const settle = useRef<((value: boolean) => void) | null>(null);
  const answer = useRef(false);

  const open = useCallback((request: ModalRequest) => {
    settle.current?.(false);
    return new Promise<boolean>((resolve) => {
      settle.current = resolve;
      answer.current = false;
      setCurrent(request);
    });
  }, []);

  useEffect(() => {
    if (current && !dialog.current?.open) dialog.current?.showModal();
  }, [current]);

  const api = useMemo<ModalApi>(
    () => ({
      confirm: (request) => open({ type: "confirm", ...request }),
      info: (request) => open({ type: "info", ...request }).then(() => undefined),
    }),
    [open],
  );

  const close = (value: boolean) => {
    answer.current = value;
    dialog.current?.close();
  };
  // Every way of closing (the buttons, Escape) ends here.
  const onClose = () => {
    const resolve = settle.current;
    settle.current = null;
    setCurrent(null);
    resolve?.(answer.current);
  };

  return (
    <ModalContext.Provider value={api}>
      {children}
      {/* The dialog covers the screen; a click on it rather than on its content is a click on the backdrop. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={dialog}
        className="modal site-modal"
        aria-labelledby="site-modal-title"
        data-testid="site-modal"
        onClose={onClose}
        onClick={(event) => {
          if (event.target === event.currentTarget) close(false);
        }}
      >
        {current ? (
          <div className="modal-dialog modal-dialog-centered">
            <div className="modal-content">
              <div className="modal-header">
                <h2 className="modal-title h5" id="site-modal-title">
                  {current.title}
                </h2>
                <button type="button" className="btn-close" aria-label="Close" onClick={() => close(false)} />
              </div>
              <div className="modal-body">{current.message}</div>
              <div className="modal-footer">
                {current.type === "confirm" ? (
                  <>
                    <button type="button" className="btn btn-secondary" onClick={() => close(false)}>
                      Cancel
                    </button>
                    <button type="button" className={`btn ${current.danger ? "btn-danger" : "btn-primary"}`} onClick={() => close(true)}>
                      {current.confirmLabel ?? "Confirm"}
                    </button>
                  </>
                ) : (
                  <button type="button" className="btn btn-primary" onClick={() => close(true)}>
                    OK
                  </button>
                )}
              </div>
            </div>
          </div>
        ) : null}
      </dialog>
    </ModalContext.Provider>
  );
}
