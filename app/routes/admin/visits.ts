import { redirect } from "react-router";

/** The visitors table became the dashboard; old bookmarks follow. */
export function loader() {
  return redirect("/manage/dashboard", 301);
}
