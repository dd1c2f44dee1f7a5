export const ROLES = [
  { value: "AGENT", label: "Agent" },
  { value: "MANAGER", label: "Manager" },
  { value: "BRANCH_ADMIN", label: "Branch admin" },
  { value: "BUSINESS_ADMIN", label: "Business admin" },
];
export const roleLabel = (r: string) => ROLES.find((x) => x.value === r)?.label ?? r;
