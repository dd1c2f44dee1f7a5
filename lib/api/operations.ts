import { getCompleteStatus } from "./bulk/get-complete-status";
import { getPartialStatus } from "./bulk/get-partial-status";
import { sendBulk } from "./bulk/send-bulk";
import { getRecording } from "./calling/get-recording";
import { telecalling } from "./calling/telecalling";
import { listChannels } from "./business/list-channels";
import { listEndpoints } from "./callbacks/list-endpoints";
import { createEndpoint } from "./callbacks/create-endpoint";
import { getEndpoint } from "./callbacks/get-endpoint";
import { updateEndpoint } from "./callbacks/update-endpoint";
import { deleteEndpoint } from "./callbacks/delete-endpoint";
import { revealSecret } from "./callbacks/reveal-secret";
import { rotateSecret } from "./callbacks/rotate-secret";
import { sendTestEvent } from "./callbacks/send-test-event";
import { listDeliveries } from "./callbacks/list-deliveries";
import { getDelivery } from "./callbacks/get-delivery";
import { replayDelivery } from "./callbacks/replay-delivery";
import { checkRcs } from "./capability/check-rcs";
import { listConversations } from "./conversations/list-conversations";
import { getConversation } from "./conversations/get-conversation";
import { replyToConversation } from "./conversations/reply-to-conversation";
import { assignConversation } from "./conversations/assign-conversation";
import { setConversationState } from "./conversations/set-conversation-state";
import { addNote } from "./conversations/add-note";
import { uploadProfiles } from "./profiles/upload-profiles";
import { listTags } from "./audiences/list-tags";
import { createTag } from "./audiences/create-tag";
import { updateTag } from "./audiences/update-tag";
import { deleteTag } from "./audiences/delete-tag";
import { listAttributes } from "./audiences/list-attributes";
import { createAttribute } from "./audiences/create-attribute";
import { updateAttribute } from "./audiences/update-attribute";
import { deleteAttribute } from "./audiences/delete-attribute";
import { getSubscriber } from "./audiences/get-subscriber";
import { setSubscriberAttributes } from "./audiences/set-subscriber-attributes";
import { changeSubscriberTags } from "./audiences/change-subscriber-tags";
import { bulkUpdateSubscribers } from "./audiences/bulk-update-subscribers";
import { getConsent } from "./audiences/get-consent";
import { recordConsent } from "./audiences/record-consent";
import { exportConsent } from "./audiences/export-consent";
import { eraseSubscriber } from "./audiences/erase-subscriber";
import { listSegments } from "./audiences/list-segments";
import { createSegment } from "./audiences/create-segment";
import { countDefinition } from "./audiences/count-definition";
import { getSegment } from "./audiences/get-segment";
import { updateSegment } from "./audiences/update-segment";
import { deleteSegment } from "./audiences/delete-segment";
import { countSegment } from "./audiences/count-segment";
import { listSegmentSubscribers } from "./audiences/list-segment-subscribers";
import { addOptOuts } from "./promotions/add-opt-outs";
import { campaignConversions } from "./economics/campaign-conversions";
import { recordConversion } from "./economics/record-conversion";
import { addRcsBatch } from "./promotions/add-rcs-batch";
import { createRcsCampaign } from "./promotions/create-rcs-campaign";
import { getReport } from "./promotions/get-report";
import { getStats } from "./promotions/get-stats";
import { launch } from "./promotions/launch";
import { listOptOuts } from "./promotions/list-opt-outs";
import { listPromotions } from "./promotions/list-promotions";
import { removeOptOuts } from "./promotions/remove-opt-outs";
import { updateStatus } from "./promotions/update-status";
import { uploadList } from "./promotions/upload-list";
import { drainJobs } from "./internal/drain-jobs";
import { followTrackedLink } from "./links/follow-link";
import { getClicks } from "./promotions/get-clicks";
import { getVariants } from "./promotions/get-variants";
import { listKeyRates } from "./internal/list-key-rates";
import { listSenderRates as listOperatorSenderRates } from "./internal/list-sender-rates";
import { setKeyRate } from "./internal/set-key-rate";
import { setSenderRate } from "./internal/set-sender-rate";
import { sendRcsTemplate } from "./messages/send-rcs-template";
import { sendRcsText } from "./messages/send-rcs-text";
import { sendRcsV1 } from "./messages/send-rcs-v1";
import { sendTemplate } from "./messages/send-template";
import type { Operation } from "./operation";
import { createRcsTemplate } from "./rcs-templates/create-rcs-template";
import { getRcsTemplate } from "./rcs-templates/get-rcs-template";
import { listRcsTemplates } from "./rcs-templates/list-rcs-templates";
import { listSenderRates } from "./senders/list-sender-rates";
import { addTeamMember } from "./teams/add-team-member";
import { createTeam } from "./teams/create-team";
import { removeTeamMember } from "./teams/remove-team-member";
import { createMediaTemplate } from "./templates/create-media-template";
import { createTemplate } from "./templates/create-template";
import { getMedia } from "./templates/get-media";
import { getTemplate } from "./templates/get-template";
import { listTemplates } from "./templates/list-templates";
import { createUser } from "./users/create-user";
import { disableUser } from "./users/disable-user";
import { enableUser } from "./users/enable-user";
import { getUserStatus } from "./users/get-user-status";
import { updateUser } from "./users/update-user";
import { exotelCallStatus } from "./webhooks/exotel-call-status";
import { rbmBusinessEvents } from "./webhooks/rbm-business-events";
import { rbmEvents } from "./webhooks/rbm-events";
import { whatsappBusinessEvents } from "./webhooks/whatsapp-business-events";
import { whatsappBusinessVerify } from "./webhooks/whatsapp-business-verify";
import { whatsappEvents } from "./webhooks/whatsapp-events";
import { whatsappVerify } from "./webhooks/whatsapp-verify";
import { whoami } from "./whoami/whoami";
import { createFlow } from "./flows/create-flow";
import { deleteFlow } from "./flows/delete-flow";
import { duplicateFlow } from "./flows/duplicate-flow";
import { getFlow } from "./flows/get-flow";
import { listFlowRuns } from "./flows/list-runs";
import { getFlowRun } from "./flows/get-run";
import { startFlowRun } from "./flows/start-run";
import { stopFlowRun } from "./flows/stop-run";
import { listFlows } from "./flows/list-flows";
import { listFlowVersions } from "./flows/list-versions";
import { publishFlow } from "./flows/publish-flow";
import { updateFlow } from "./flows/update-flow";

/**
 * Every operation of the public API, in registration order (the OpenAPI document lists them
 * in this order). app.ts registers them; lib/api/security-harness.int.test.ts walks them.
 */
export const operations: readonly Operation[] = [
  listChannels,
  listSenderRates,
  sendTemplate,
  sendRcsTemplate,
  sendRcsText,
  sendRcsV1,
  sendBulk,
  getCompleteStatus,
  getPartialStatus,
  checkRcs,
  createRcsCampaign,
  addRcsBatch,
  listEndpoints,
  createEndpoint,
  getEndpoint,
  updateEndpoint,
  deleteEndpoint,
  revealSecret,
  rotateSecret,
  sendTestEvent,
  listDeliveries,
  getDelivery,
  replayDelivery,
  listFlows,
  createFlow,
  getFlow,
  updateFlow,
  publishFlow,
  listFlowRuns,
  listFlowVersions,
  duplicateFlow,
  deleteFlow,
  startFlowRun,
  getFlowRun,
  stopFlowRun,
  drainJobs,
  listOperatorSenderRates,
  setSenderRate,
  listKeyRates,
  setKeyRate,
  createTemplate,
  createMediaTemplate,
  listTemplates,
  getTemplate,
  getMedia,
  createRcsTemplate,
  listRcsTemplates,
  getRcsTemplate,
  whatsappVerify,
  whatsappEvents,
  whatsappBusinessVerify,
  whatsappBusinessEvents,
  rbmEvents,
  rbmBusinessEvents,
  whoami,
  uploadProfiles,
  listTags,
  createTag,
  updateTag,
  deleteTag,
  listAttributes,
  createAttribute,
  updateAttribute,
  deleteAttribute,
  getSubscriber,
  setSubscriberAttributes,
  changeSubscriberTags,
  bulkUpdateSubscribers,
  getConsent,
  recordConsent,
  exportConsent,
  eraseSubscriber,
  listSegments,
  createSegment,
  countDefinition,
  getSegment,
  updateSegment,
  deleteSegment,
  countSegment,
  listSegmentSubscribers,
  createUser,
  updateUser,
  enableUser,
  disableUser,
  getUserStatus,
  createTeam,
  addTeamMember,
  removeTeamMember,
  telecalling,
  getRecording,
  exotelCallStatus,
  updateStatus,
  getStats,
  getReport,
  getClicks,
  getVariants,
  launch,
  uploadList,
  listPromotions,
  listOptOuts,
  addOptOuts,
  removeOptOuts,
  recordConversion,
  campaignConversions,
  listConversations,
  getConversation,
  replyToConversation,
  assignConversation,
  setConversationState,
  addNote,
  followTrackedLink,
];
