import type { SessionUser } from "../users/schemas";

/** A user's role (roles.ts says the same; defined here too, as roles.ts reads this table). */
type Role = SessionUser["role"];

/**
 * The one table of who may open which dashboard page and run which server action or route
 * handler (docs/decisions/roles-one-table.md). Every page, layout and route calls its
 * guard (lib/auth/guard.ts) with its own key, every action names its key to defineAction
 * (lib/actions/define-action.ts), which calls the guard; the menu is derived from `pages`;
 * lib/auth/access-table.int.test.ts fails when a page, action or route has no rule here.
 */
export type Rule = {
  /** The roles allowed, or "anyone": signed out too (sign-in, sign-out, next-auth itself). */
  readonly roles: readonly Role[] | "anyone";
  /** Ends "Your role (AGENT) may not …": names what was refused, so the message says it. */
  readonly what: string;
  /** Allowed while the user must still replace a temporary password (that change itself). */
  readonly duringPasswordChange?: true;
};

const OPERATOR = ["OPERATOR"] as const;
/** Business roles that run the business's messaging: everyone but agents. */
const STAFF = ["BUSINESS_ADMIN", "MANAGER", "BRANCH_ADMIN"] as const;
const ADMINS_MANAGERS = ["BUSINESS_ADMIN", "MANAGER"] as const;
const BUSINESS_ADMIN = ["BUSINESS_ADMIN"] as const;
/** Flows: admins and managers edit and publish; agents see the runs of their conversations. */
const FLOW_RUNS = ["BUSINESS_ADMIN", "MANAGER", "AGENT"] as const;
const BUSINESS = ["BUSINESS_ADMIN", "MANAGER", "BRANCH_ADMIN", "AGENT"] as const;
const SIGNED_IN = ["OPERATOR", "BUSINESS_ADMIN", "MANAGER", "BRANCH_ADMIN", "AGENT"] as const;

/** Pages by route pattern (route groups dropped), as the file lives under app/. */
export const pages = {
  "/": { roles: "anyone", what: "open the home page" },
  "/login": { roles: "anyone", what: "open the sign-in page" },
  "/account/password": { roles: SIGNED_IN, what: "change your password", duringPasswordChange: true },
  "/console/businesses": { roles: OPERATOR, what: "open the operator console" },
  "/console/templates": { roles: OPERATOR, what: "review templates" },
  "/console/system": { roles: OPERATOR, what: "open the system status" },
  "/overview": { roles: STAFF, what: "open the overview" },
  "/templates": { roles: STAFF, what: "open Templates" },
  "/templates/[id]": { roles: STAFF, what: "open a template" },
  "/templates/new/chatapp": { roles: STAFF, what: "create templates" },
  "/templates/new/rcs": { roles: STAFF, what: "create templates" },
  "/templates/[id]/edit": { roles: STAFF, what: "edit templates" },
  "/messages": { roles: STAFF, what: "open Messages" },
  "/messages/[id]": { roles: STAFF, what: "open a message" },
  "/virtual-phone": { roles: STAFF, what: "open the virtual phone" },
  // Campaigns (promotions, lists, opt-outs) reach whole customer bases: staff only, never agents
  // (docs/decisions/roles-one-table.md).
  "/campaigns": { roles: STAFF, what: "open Campaigns" },
  "/campaigns/new": { roles: STAFF, what: "create campaigns" },

  "/campaigns/lists": { roles: STAFF, what: "open campaign lists" },
  "/campaigns/opt-outs": { roles: STAFF, what: "open the opt-out list" },

  "/campaigns/[id]": { roles: STAFF, what: "open a campaign" },
  "/profiles": { roles: STAFF, what: "open Profiles" },
  "/profiles/[phone]": { roles: STAFF, what: "open a subscriber" },
  "/profiles/fields": { roles: STAFF, what: "open tags and attributes" },
  "/profiles/segments": { roles: STAFF, what: "open segments" },
  "/profiles/segments/new": { roles: STAFF, what: "create segments" },
  "/profiles/segments/[id]": { roles: STAFF, what: "open a segment" },
  "/replies": { roles: STAFF, what: "open customer replies" },
  "/users": { roles: STAFF, what: "open Users & Teams" },
  "/calls": { roles: BUSINESS, what: "open Calls" },
  "/inbox": { roles: BUSINESS, what: "open the inbox" },
  "/callbacks": { roles: ADMINS_MANAGERS, what: "open Callbacks" },
  "/flows": { roles: ADMINS_MANAGERS, what: "open Flows" },
  "/flows/[id]": { roles: ADMINS_MANAGERS, what: "edit flows" },
  // The runs of the conversations the role sees in the inbox (lib/flows/list-flow-runs.ts).
  "/flows/runs": { roles: FLOW_RUNS, what: "see flow runs" },
  "/api-keys": { roles: BUSINESS_ADMIN, what: "manage API keys" },
  "/api-reference": { roles: ["OPERATOR", ...STAFF], what: "open the API reference" },
  "/settings": { roles: BUSINESS_ADMIN, what: "change the business settings" },
  "/inbox/settings": {
    roles: BUSINESS_ADMIN,
    what: "change the inbox's routing, business hours and saved replies",
  },
} as const satisfies Record<string, Rule>;

/** Layouts by their folder under app/ ("" is the root layout). */
export const layouts = {
  "": { roles: "anyone", what: "open Switchboard" },
  "(auth)": { roles: "anyone", what: "open the sign-in pages" },
  "(console)": { roles: OPERATOR, what: "open the operator console" },
  "(dashboard)": { roles: SIGNED_IN, what: "open the dashboard" },
} as const satisfies Record<string, Rule>;

/** Route handlers by "METHOD pattern". */
export const routes = {
  "GET /api/auth/[...nextauth]": { roles: "anyone", what: "sign in" },
  "POST /api/auth/[...nextauth]": { roles: "anyone", what: "sign in" },
  "GET /api-reference/assets/[file]": { roles: ["OPERATOR", ...STAFF], what: "open the API reference" },
  "POST /templates/media": { roles: STAFF, what: "upload template images" },
  // Operators preview the images of templates they review (?business=).
  "GET /templates/media/[hash]": { roles: ["OPERATOR", ...STAFF], what: "see template images" },
  // Google's RBM platform fetches RCS card images itself: served only while a live RCS
  // template uses them (lib/templates/rcs-media.ts).
  "GET /media/[businessId]/[hash]": { roles: "anyone", what: "see RCS card images" },
  "GET /profiles/export": { roles: STAFF, what: "export profiles" },
  "GET /profiles/[phone]/consent": { roles: STAFF, what: "export a subscriber's consent history" },
  // The new-campaign wizard's dry run (a CSV upload into a list) and its rejected rows.
  "POST /campaigns/new/upload": { roles: STAFF, what: "upload campaign lists" },
  "GET /campaigns/new/rejects/[listId]": { roles: STAFF, what: "download rejected rows" },

  "POST /campaigns/lists/upload": { roles: STAFF, what: "upload campaign lists" },
  "GET /campaigns/lists/[id]/rejects": { roles: STAFF, what: "download a list's refused rows" },
  "POST /campaigns/opt-outs/import": { roles: STAFF, what: "import opt-outs" },

  "GET /campaigns/[id]/report": { roles: STAFF, what: "download campaign reports" },
  "GET /campaigns/[id]/refused": { roles: STAFF, what: "download a campaign's refused rows" },
  // The inbox's live changes, filtered by the role's conversation scope (below).
  "GET /inbox/events": { roles: BUSINESS, what: "follow the inbox" },
  // The menu's unread count on every page, re-read on those changes.
  "GET /inbox/unread": { roles: BUSINESS, what: "follow the inbox" },
  "POST /inbox/media": { roles: BUSINESS, what: "attach files to replies" },
} as const satisfies Record<string, Rule>;

/**
 * Server actions by their exported function name (unique across app/, the walk test checks).
 * The domain functions behind them apply finer rules (the users and teams role matrix).
 */
export const actions = {
  signInAction: { roles: "anyone", what: "sign in" },
  signOutAction: { roles: "anyone", what: "sign out" },
  changePasswordAction: { roles: SIGNED_IN, what: "change your password", duringPasswordChange: true },

  createBusinessAction: { roles: OPERATOR, what: "create businesses" },
  setChannelAction: { roles: OPERATOR, what: "switch a business's channels" },
  setBusinessEnabledAction: { roles: OPERATOR, what: "enable or disable businesses" },
  setCallingSettingsAction: { roles: OPERATOR, what: "change a business's calling settings" },
  setSenderRateAction: { roles: OPERATOR, what: "change sender rates" },
  updateChannelSettingsAction: { roles: OPERATOR, what: "change channel settings" },
  reviewTemplateAction: { roles: OPERATOR, what: "review templates" },
  createFirstAdminAction: { roles: OPERATOR, what: "create a business's first admin and API key" },

  createApiKeyAction: { roles: BUSINESS_ADMIN, what: "manage API keys" },
  revokeApiKeyAction: { roles: BUSINESS_ADMIN, what: "manage API keys" },
  saveBusinessSettingsAction: { roles: BUSINESS_ADMIN, what: "change the business settings" },
  setMarketingOptInAction: { roles: BUSINESS_ADMIN, what: "change whether marketing needs an opt-in" },
  setAttributionModelAction: { roles: BUSINESS_ADMIN, what: "change how conversions are attributed" },
  saveRoutingSettingsAction: { roles: BUSINESS_ADMIN, what: "change conversation routing" },
  saveBusinessHoursAction: { roles: BUSINESS_ADMIN, what: "change the business hours and away notice" },
  createSavedReplyAction: { roles: BUSINESS_ADMIN, what: "manage saved replies" },
  updateSavedReplyAction: { roles: BUSINESS_ADMIN, what: "manage saved replies" },
  deleteSavedReplyAction: { roles: BUSINESS_ADMIN, what: "manage saved replies" },
  addTestNumberAction: { roles: STAFF, what: "add test numbers" },
  removeTestNumberAction: { roles: BUSINESS_ADMIN, what: "remove test numbers" },

  createEndpointAction: { roles: ADMINS_MANAGERS, what: "manage callbacks" },
  updateEndpointAction: { roles: ADMINS_MANAGERS, what: "manage callbacks" },
  deleteEndpointAction: { roles: ADMINS_MANAGERS, what: "manage callbacks" },
  sendTestEventAction: { roles: ADMINS_MANAGERS, what: "manage callbacks" },
  getDeliveryAction: { roles: ADMINS_MANAGERS, what: "see callback deliveries" },
  replayDeliveryAction: { roles: ADMINS_MANAGERS, what: "replay callbacks" },
  // A signing secret lets its holder forge callbacks to the business's own systems.
  revealSecretAction: { roles: BUSINESS_ADMIN, what: "see signing secrets" },
  rotateSecretAction: { roles: BUSINESS_ADMIN, what: "rotate signing secrets" },

  startCallAction: { roles: BUSINESS, what: "start calls" },
  setMyStatusAction: { roles: BUSINESS, what: "set your status" },
  // The conversation scope and the window are checked by the domain (lib/conversations).
  replyAction: { roles: BUSINESS, what: "answer conversations" },
  conversationStateAction: { roles: BUSINESS, what: "resolve conversations" },
  markReadAction: { roles: BUSINESS, what: "read conversations" },
  saveInboxAlertsAction: { roles: BUSINESS, what: "choose your new chat alerts" },
  templateReplyAction: { roles: BUSINESS, what: "answer conversations" },
  assignAction: { roles: BUSINESS, what: "assign conversations" },
  addNoteAction: { roles: BUSINESS, what: "add notes to conversations" },

  uploadProfilesAction: { roles: STAFF, what: "import profiles" },
  updateProfileAction: { roles: STAFF, what: "edit profiles" },
  deleteProfileAction: { roles: STAFF, what: "delete profiles" },
  bulkChangeProfilesAction: { roles: STAFF, what: "change tags and attributes of many profiles" },
  changeSubscriberTagsAction: { roles: STAFF, what: "change a subscriber's tags" },
  setSubscriberAttributesAction: { roles: STAFF, what: "change a subscriber's attributes" },
  // Erasure deletes the consent history a regulator may ask for: the business's admins only.
  eraseSubscriberAction: { roles: BUSINESS_ADMIN, what: "erase a subscriber" },
  createTagAction: { roles: STAFF, what: "create tags" },
  updateTagAction: { roles: STAFF, what: "change tags" },
  deleteTagAction: { roles: STAFF, what: "delete tags" },
  createAttributeAction: { roles: STAFF, what: "define attributes" },
  updateAttributeAction: { roles: STAFF, what: "change attributes" },
  deleteAttributeAction: { roles: STAFF, what: "delete attributes" },
  createSegmentAction: { roles: STAFF, what: "create segments" },
  updateSegmentAction: { roles: STAFF, what: "change segments" },
  deleteSegmentAction: { roles: STAFF, what: "delete segments" },
  countDefinitionAction: { roles: STAFF, what: "count a segment's subscribers" },
  countSegmentAction: { roles: STAFF, what: "count a segment's subscribers" },
  createChatappTemplateAction: { roles: STAFF, what: "create templates" },
  createRcsTemplateAction: { roles: STAFF, what: "create templates" },
  resubmitTemplateAction: { roles: STAFF, what: "edit templates" },
  deleteTemplateAction: { roles: STAFF, what: "delete templates" },
  templateStatusAction: { roles: STAFF, what: "open a template" },
  // A real send (the simulator by default, the business's provider otherwise), as A1/A2.
  sendTestMessageAction: { roles: STAFF, what: "send messages" },

  createUserAction: { roles: STAFF, what: "create users" },
  editUserAction: { roles: STAFF, what: "edit users" },
  setUserEnabledAction: { roles: STAFF, what: "enable or disable users" },
  setCallingAction: { roles: STAFF, what: "change users' calling settings" },
  setStatusAction: { roles: STAFF, what: "change other users' status" },
  createTeamAction: { roles: STAFF, what: "create teams" },
  addMemberAction: { roles: STAFF, what: "change teams" },
  removeMemberAction: { roles: STAFF, what: "change teams" },

  deleteListAction: { roles: STAFF, what: "delete campaign lists" },
  addOptOutsAction: { roles: STAFF, what: "add opt-outs" },
  removeOptOutsAction: { roles: STAFF, what: "remove opt-outs" },

  changeCampaignStatusAction: { roles: STAFF, what: "stop, resume or cancel campaigns" },
  retryFailedNowAction: { roles: STAFF, what: "retry campaigns" },
  campaignProgressAction: { roles: STAFF, what: "open a campaign" },

  // These fire real status and message.received callbacks to the business's endpoints.
  recipientActionAction: { roles: STAFF, what: "act as a test recipient" },
  customerReplyAction: { roles: STAFF, what: "reply as a test recipient" },
  tapButtonAction: { roles: STAFF, what: "tap a button as a test recipient" },
  // Sends a real message through the same path as A1/A2 (charged as any other send).
  phoneSendAction: { roles: STAFF, what: "send test messages" },

  // The new-campaign wizard: read a list, write one from profiles, launch (E1's domain path).
  previewListAction: { roles: STAFF, what: "read campaign lists" },
  profilesListAction: { roles: STAFF, what: "create campaign lists" },
  previewAudienceAction: { roles: STAFF, what: "count a campaign's segment or tags audience" },
  launchCampaignAction: { roles: STAFF, what: "launch campaigns" },
  launchDryRunAction: { roles: STAFF, what: "dry-run campaigns" },

  // Flows (lib/flows): the builder is for admins and managers (flow-store.ts mayEdit says the same).
  createFlowAction: { roles: ADMINS_MANAGERS, what: "create flows" },
  renameFlowAction: { roles: ADMINS_MANAGERS, what: "edit flows" },
  setFlowEnabledAction: { roles: ADMINS_MANAGERS, what: "enable or disable flows" },
  duplicateFlowAction: { roles: ADMINS_MANAGERS, what: "create flows" },
  deleteFlowAction: { roles: ADMINS_MANAGERS, what: "delete flows" },
  exportFlowAction: { roles: ADMINS_MANAGERS, what: "export flows" },
  importFlowAction: { roles: ADMINS_MANAGERS, what: "create flows" },
  saveFlowDraftAction: { roles: ADMINS_MANAGERS, what: "edit flows" },
  publishFlowAction: { roles: ADMINS_MANAGERS, what: "publish flows" },
  // "Try it" runs the draft on the business's test numbers only (the virtual phone).
  startTestRunAction: { roles: ADMINS_MANAGERS, what: "try flows" },
  startFlowRunAction: { roles: ADMINS_MANAGERS, what: "start flow runs" },
  testRunAction: { roles: ADMINS_MANAGERS, what: "try flows" },
  testReplyAction: { roles: ADMINS_MANAGERS, what: "try flows" },
  flowRunPathAction: { roles: FLOW_RUNS, what: "see flow runs" },
} as const satisfies Record<string, Rule>;

/**
 * Keys of `actions` that no dashboard server action uses (kept for a rule the API or a route
 * shares). None today; lib/auth/access-table.int.test.ts fails on an unused key not listed here.
 */
export const apiOnlyActions: readonly (keyof typeof actions)[] = [];

/**
 * Which conversations of the inbox each business role sees (lib/conversations/visibility.ts):
 * `business` every one; `branch` those of its branch's teams and agents; `own` its own and the
 * unassigned ones of its teams (or of no team). On top of the role, the supervisor of a team
 * sees that team's conversations. Whoever sees a conversation beyond `own` may reassign it.
 */
export const conversationScopes = {
  BUSINESS_ADMIN: "business",
  MANAGER: "business",
  BRANCH_ADMIN: "branch",
  AGENT: "own",
} as const satisfies Record<BusinessRole, "business" | "branch" | "own">;

export type PageKey = keyof typeof pages;

type BusinessRole = Exclude<Role, "OPERATOR">;
/** A rule open to business roles only hands its guard's caller a user with a business. */
export type UserFor<R extends Rule> = R["roles"] extends readonly BusinessRole[]
  ? SessionUser & { businessId: string }
  : SessionUser;

export type Decision =
  { allowed: true } | { allowed: false; reason: "signed_out" | "password_change" | "role"; message: string };

/** May a user (null: signed out) pass `rule`? The one decision every guard and the menu use. */
export function decide(rule: Rule, user: SessionUser | null): Decision {
  if (rule.roles === "anyone") return { allowed: true };
  if (!user)
    return { allowed: false, reason: "signed_out", message: "Your session has ended: sign in again" };
  if (user.mustChangePassword && !rule.duringPasswordChange) {
    return {
      allowed: false,
      reason: "password_change",
      message: "Choose your own password first (at /account/password); your account has a temporary one",
    };
  }
  // A business role without a business (or an operator with one) is a broken row: refuse it.
  const roleFits =
    rule.roles.includes(user.role) && (user.role === "OPERATOR") === (user.businessId === null);
  if (!roleFits)
    return { allowed: false, reason: "role", message: `Your role (${user.role}) may not ${rule.what}` };
  return { allowed: true };
}

/** Whether `role` is in a rule at all: for the menu and for what a page shows, never as a guard. */
export function roleMay(role: Role, rule: Rule): boolean {
  return rule.roles === "anyone" || rule.roles.includes(role);
}
