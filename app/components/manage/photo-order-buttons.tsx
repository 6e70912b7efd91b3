import { Button } from "react-bootstrap";
import { useFetcher } from "react-router";
import { useModal } from "~/components/modal/modal-host";
import { useActionResult } from "~/components/use-action-result";
import type { ManageActionResult, ManagedImage } from "~/lib/manage-galleries";

type Props = { image: ManagedImage; categoryId: number; place: { index: number; count: number; isCover: boolean } };

/**
 * "Move earlier", "Move later" and "Use as cover" for the chosen photo: plain forms, so they work before the page's
 * scripts have loaded and without them (the address keeps the category and the photo, so the page comes back to it).
 */
export function PhotoOrderButtons({ image, categoryId, place }: Props) {
  const modal = useModal();
  const orderer = useFetcher<ManageActionResult>();
  const cover = useFetcher<ManageActionResult>();
  useActionResult(orderer, (result) => {
    if (!result.ok) void modal.info({ title: "Error", message: result.message ?? "The photo could not be moved." });
  });
  useActionResult(cover, (result) => {
    if (!result.ok) void modal.info({ title: "Error", message: result.message ?? "The cover could not be changed." });
  });
  const action = `?category=${categoryId}&photo=${encodeURIComponent(image.id)}`;
  return (
    <div className="d-flex flex-wrap gap-2 mb-3">
      <orderer.Form method="post" action={action} className="d-flex gap-2">
        <input type="hidden" name="intent" value="move-photo" />
        <input type="hidden" name="imageId" value={image.id} />
        <Button type="submit" name="direction" value="earlier" size="sm" variant="outline-secondary" disabled={place.index === 0}>
          Move earlier
        </Button>
        <Button type="submit" name="direction" value="later" size="sm" variant="outline-secondary" disabled={place.index === place.count - 1}>
          Move later
        </Button>
      </orderer.Form>
      {place.isCover ? null : (
        <cover.Form method="post" action={action}>
          <input type="hidden" name="intent" value="use-as-cover" />
          <input type="hidden" name="categoryId" value={categoryId} />
          <input type="hidden" name="imageId" value={image.id} />
          <Button type="submit" size="sm" variant="outline-primary" disabled={cover.state !== "idle"}>
            Use as cover
          </Button>
        </cover.Form>
      )}
    </div>
  );
}
