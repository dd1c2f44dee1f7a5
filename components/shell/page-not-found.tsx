import { Card } from "@/components/ui/card";
import { NotFoundPanel } from "./not-found-panel";

/** notFound() from a page inside the shell (e.g. another business's message): the panel on a card. */
export function PageNotFound() {
  return (
    <Card>
      <NotFoundPanel />
    </Card>
  );
}
