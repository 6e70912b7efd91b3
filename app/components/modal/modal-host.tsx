import { Button, Modal } from "react-bootstrap";
import { createContext, useCallback, useContext, useMemo, useRef, useState } from "react";

type ModalRequest =
  | { type: "confirm"; title: string; message: React.ReactNode; confirmLabel?: string; danger?: boolean }
  | { type: "info"; title: string; message: React.ReactNode };

export type ModalApi = {
  /** Resolves true on Confirm, false on Cancel, Escape or the close button. */
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
 * One modal for the whole site. Bootstrap's Modal locks page scrolling while it shows.
 * It starts hidden (a modal open on the server render breaks hydration) and only opens on request.
 */
export function ModalHost({ children }: { children: React.ReactNode }) {
  const [current, setCurrent] = useState<ModalRequest | null>(null);
  const [show, setShow] = useState(false);
  const settle = useRef<((value: boolean) => void) | null>(null);

  const open = useCallback((request: ModalRequest) => {
    settle.current?.(false);
    return new Promise<boolean>((resolve) => {
      settle.current = resolve;
      setCurrent(request);
      setShow(true);
    });
  }, []);

  const api = useMemo<ModalApi>(
    () => ({
      confirm: (request) => open({ type: "confirm", ...request }),
      info: (request) => open({ type: "info", ...request }).then(() => undefined),
    }),
    [open],
  );

  const close = (result: boolean) => {
    const resolve = settle.current;
    settle.current = null;
    setShow(false);
    resolve?.(result);
  };

  return (
    <ModalContext.Provider value={api}>
      {children}
      <Modal
        show={show}
        onHide={() => close(false)}
        onExited={() => setCurrent(null)}
        centered
        aria-labelledby="site-modal-title"
        data-testid="site-modal"
      >
        {current ? (
          <>
            <Modal.Header closeButton>
              <Modal.Title id="site-modal-title">{current.title}</Modal.Title>
            </Modal.Header>
            <Modal.Body>{current.message}</Modal.Body>
            <Modal.Footer>
              {current.type === "confirm" ? (
                <>
                  <Button variant="secondary" onClick={() => close(false)}>
                    Cancel
                  </Button>
                  <Button variant={current.danger ? "danger" : "primary"} onClick={() => close(true)}>
                    {current.confirmLabel ?? "Confirm"}
                  </Button>
                </>
              ) : (
                <Button variant="primary" onClick={() => close(true)}>
                  OK
                </Button>
              )}
            </Modal.Footer>
          </>
        ) : null}
      </Modal>
    </ModalContext.Provider>
  );
}
