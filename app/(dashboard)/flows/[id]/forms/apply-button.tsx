import { Button } from "@/components/ui/button";

export function ApplyButton({ dirty }: { dirty: boolean }) {
  return (
    <Button type="submit" size="sm" variant={dirty ? "primary" : "secondary"}>
      Apply
    </Button>
  );
}
