import { Button, type ButtonProps } from "react-bootstrap";
import { type ModalApi, useModal } from "./modal-host";

type Props = Omit<ButtonProps, "onClick" | "type"> & {
  /** What the modal asks before anything happens. */
  confirm: Parameters<ModalApi["confirm"]>[0];
  /** Runs only when the admin confirms. */
  onConfirm: () => void;
};

/** A button that asks in the site's modal first, for actions that cannot be undone. */
export function ConfirmButton({ confirm, onConfirm, ...button }: Props) {
  const modal = useModal();
  return (
    <Button
      {...button}
      type="button"
      onClick={async () => {
        if (await modal.confirm(confirm)) onConfirm();
      }}
    />
  );
}
