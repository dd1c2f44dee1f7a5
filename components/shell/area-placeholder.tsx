import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon, type IconName } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

/** A page whose feature is not built yet: says what will be here. Feature work replaces it. */
export function AreaPlaceholder({
  title,
  description,
  icon,
  emptyTitle,
  emptyText,
}: {
  title: string;
  description: string;
  icon: IconName;
  emptyTitle: string;
  emptyText: string;
}) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Card>
        <EmptyState icon={<Icon name={icon} />} title={emptyTitle} description={emptyText} />
      </Card>
    </>
  );
}
