import { getCompleteStatusOperation } from "./bulk/get-complete-status";
import { getPartialStatusOperation } from "./bulk/get-partial-status";
import { sendBulkOperation } from "./bulk/send-bulk";
import { getRecordingOperation } from "./calling/get-recording";
import { telecallingOperation } from "./calling/telecalling";
import { listChannelsOperation } from "./business/list-channels";
import { listEndpointsOperation } from "./callbacks/list-endpoints";
import { createEndpointOperation } from "./callbacks/create-endpoint";
import { getEndpointOperation } from "./callbacks/get-endpoint";
import { updateEndpointOperation } from "./callbacks/update-endpoint";
import { deleteEndpointOperation } from "./callbacks/delete-endpoint";
import { revealSecretOperation } from "./callbacks/reveal-secret";
import { rotateSecretOperation } from "./callbacks/rotate-secret";
import { sendTestEventOperation } from "./callbacks/send-test-event";
import { listDeliveriesOperation } from "./callbacks/list-deliveries";
import { getDeliveryOperation } from "./callbacks/get-delivery";
import { replayDeliveryOperation } from "./callbacks/replay-delivery";
import { checkRcsOperation } from "./capability/check-rcs";
import { listConversationsOperation } from "./conversations/list-conversations";
import { getConversationOperation } from "./conversations/get-conversation";
import { replyToConversationOperation } from "./conversations/reply-to-conversation";
import { assignConversationOperation } from "./conversations/assign-conversation";
import { setConversationStateOperation } from "./conversations/set-conversation-state";
import { addNoteOperation } from "./conversations/add-note";
import { uploadProfilesOperation } from "./profiles/upload-profiles";
import { listTagsOperation } from "./audiences/list-tags";
import { createTagOperation } from "./audiences/create-tag";
import { updateTagOperation } from "./audiences/update-tag";
import { deleteTagOperation } from "./audiences/delete-tag";
import { listAttributesOperation } from "./audiences/list-attributes";
import { createAttributeOperation } from "./audiences/create-attribute";
import { updateAttributeOperation } from "./audiences/update-attribute";
import { deleteAttributeOperation } from "./audiences/delete-attribute";
import { getSubscriberOperation } from "./audiences/get-subscriber";
import { setSubscriberAttributesOperation } from "./audiences/set-subscriber-attributes";
import { changeSubscriberTagsOperation } from "./audiences/change-subscriber-tags";
import { bulkUpdateSubscribersOperation } from "./audiences/bulk-update-subscribers";
import { getConsentOperation } from "./audiences/get-consent";
import { recordConsentOperation } from "./audiences/record-consent";
import { exportConsentOperation } from "./audiences/export-consent";
import { eraseSubscriberOperation } from "./audiences/erase-subscriber";
import { listSegmentsOperation } from "./audiences/list-segments";
import { createSegmentOperation } from "./audiences/create-segment";
import { countDefinitionOperation } from "./audiences/count-definition";
import { getSegmentOperation } from "./audiences/get-segment";
import { updateSegmentOperation } from "./audiences/update-segment";
import { deleteSegmentOperation } from "./audiences/delete-segment";
import { countSegmentOperation } from "./audiences/count-segment";
import { listSegmentSubscribersOperation } from "./audiences/list-segment-subscribers";
import { addOptOutsOperation } from "./promotions/add-opt-outs";
import { campaignConversionsOperation } from "./economics/campaign-conversions";
import { recordConversionOperation } from "./economics/record-conversion";
import { addRcsBatchOperation } from "./promotions/add-rcs-batch";
import { createRcsCampaignOperation } from "./promotions/create-rcs-campaign";
import { getReportOperation } from "./promotions/get-report";
import { getStatsOperation } from "./promotions/get-stats";
import { launchOperation } from "./promotions/launch";
import { listOptOutsOperation } from "./promotions/list-opt-outs";
import { listPromotionsOperation } from "./promotions/list-promotions";
import { removeOptOutsOperation } from "./promotions/remove-opt-outs";
import { updateStatusOperation } from "./promotions/update-status";
import { uploadListOperation } from "./promotions/upload-list";
import { drainJobsOperation } from "./internal/drain-jobs";
import { followTrackedLinkOperation } from "./links/follow-link";
import { getClicksOperation } from "./promotions/get-clicks";
import { getVariantsOperation } from "./promotions/get-variants";
import { listKeyRatesOperation } from "./internal/list-key-rates";
import { listOperatorSenderRatesOperation } from "./internal/list-operator-sender-rates";
import { setKeyRateOperation } from "./internal/set-key-rate";
import { setSenderRateOperation } from "./internal/set-sender-rate";
import { sendRcsTemplateOperation } from "./messages/send-rcs-template";
import { sendRcsTextOperation } from "./messages/send-rcs-text";
import { sendRcsV1Operation } from "./messages/send-rcs-v1";
import { sendTemplateOperation } from "./messages/send-template";
import type { Operation } from "./operation";
import { createRcsTemplateOperation } from "./rcs-templates/create-rcs-template";
import { getRcsTemplateOperation } from "./rcs-templates/get-rcs-template";
import { listRcsTemplatesOperation } from "./rcs-templates/list-rcs-templates";
import { listSenderRatesOperation } from "./senders/list-sender-rates";
import { addTeamMemberOperation } from "./teams/add-team-member";
import { createTeamOperation } from "./teams/create-team";
import { removeTeamMemberOperation } from "./teams/remove-team-member";
import { createMediaTemplateOperation } from "./templates/create-media-template";
import { createTemplateOperation } from "./templates/create-template";
import { getMediaOperation } from "./templates/get-media";
import { getTemplateOperation } from "./templates/get-template";
import { listTemplatesOperation } from "./templates/list-templates";
import { createUserOperation } from "./users/create-user";
import { disableUserOperation } from "./users/disable-user";
import { enableUserOperation } from "./users/enable-user";
import { getUserStatusOperation } from "./users/get-user-status";
import { updateUserOperation } from "./users/update-user";
import { exotelCallStatusOperation } from "./webhooks/exotel-call-status";
import { rbmBusinessEventsOperation } from "./webhooks/rbm-business-events";
import { rbmEventsOperation } from "./webhooks/rbm-events";
import { whatsappBusinessEventsOperation } from "./webhooks/whatsapp-business-events";
import { whatsappBusinessVerifyOperation } from "./webhooks/whatsapp-business-verify";
import { whatsappEventsOperation } from "./webhooks/whatsapp-events";
import { whatsappVerifyOperation } from "./webhooks/whatsapp-verify";
import { whoamiOperation } from "./whoami/whoami";
import { createFlowOperation } from "./flows/create-flow";
import { deleteFlowOperation } from "./flows/delete-flow";
import { duplicateFlowOperation } from "./flows/duplicate-flow";
import { getFlowOperation } from "./flows/get-flow";
import { listFlowRunsOperation } from "./flows/list-runs";
import { getFlowRunOperation } from "./flows/get-run";
import { startFlowRunOperation } from "./flows/start-run";
import { stopFlowRunOperation } from "./flows/stop-run";
import { listFlowsOperation } from "./flows/list-flows";
import { listFlowVersionsOperation } from "./flows/list-versions";
import { publishFlowOperation } from "./flows/publish-flow";
import { updateFlowOperation } from "./flows/update-flow";

/**
 * Every operation of the public API, in registration order (the OpenAPI document lists them
 * in this order). app.ts registers them; lib/api/security-harness.int.test.ts walks them.
 */
export const operations: readonly Operation[] = [
  listChannelsOperation,
  listSenderRatesOperation,
  sendTemplateOperation,
  sendRcsTemplateOperation,
  sendRcsTextOperation,
  sendRcsV1Operation,
  sendBulkOperation,
  getCompleteStatusOperation,
  getPartialStatusOperation,
  checkRcsOperation,
  createRcsCampaignOperation,
  addRcsBatchOperation,
  listEndpointsOperation,
  createEndpointOperation,
  getEndpointOperation,
  updateEndpointOperation,
  deleteEndpointOperation,
  revealSecretOperation,
  rotateSecretOperation,
  sendTestEventOperation,
  listDeliveriesOperation,
  getDeliveryOperation,
  replayDeliveryOperation,
  listFlowsOperation,
  createFlowOperation,
  getFlowOperation,
  updateFlowOperation,
  publishFlowOperation,
  listFlowRunsOperation,
  listFlowVersionsOperation,
  duplicateFlowOperation,
  deleteFlowOperation,
  startFlowRunOperation,
  getFlowRunOperation,
  stopFlowRunOperation,
  drainJobsOperation,
  listOperatorSenderRatesOperation,
  setSenderRateOperation,
  listKeyRatesOperation,
  setKeyRateOperation,
  createTemplateOperation,
  createMediaTemplateOperation,
  listTemplatesOperation,
  getTemplateOperation,
  getMediaOperation,
  createRcsTemplateOperation,
  listRcsTemplatesOperation,
  getRcsTemplateOperation,
  whatsappVerifyOperation,
  whatsappEventsOperation,
  whatsappBusinessVerifyOperation,
  whatsappBusinessEventsOperation,
  rbmEventsOperation,
  rbmBusinessEventsOperation,
  whoamiOperation,
  uploadProfilesOperation,
  listTagsOperation,
  createTagOperation,
  updateTagOperation,
  deleteTagOperation,
  listAttributesOperation,
  createAttributeOperation,
  updateAttributeOperation,
  deleteAttributeOperation,
  getSubscriberOperation,
  setSubscriberAttributesOperation,
  changeSubscriberTagsOperation,
  bulkUpdateSubscribersOperation,
  getConsentOperation,
  recordConsentOperation,
  exportConsentOperation,
  eraseSubscriberOperation,
  listSegmentsOperation,
  createSegmentOperation,
  countDefinitionOperation,
  getSegmentOperation,
  updateSegmentOperation,
  deleteSegmentOperation,
  countSegmentOperation,
  listSegmentSubscribersOperation,
  createUserOperation,
  updateUserOperation,
  enableUserOperation,
  disableUserOperation,
  getUserStatusOperation,
  createTeamOperation,
  addTeamMemberOperation,
  removeTeamMemberOperation,
  telecallingOperation,
  getRecordingOperation,
  exotelCallStatusOperation,
  updateStatusOperation,
  getStatsOperation,
  getReportOperation,
  getClicksOperation,
  getVariantsOperation,
  launchOperation,
  uploadListOperation,
  listPromotionsOperation,
  listOptOutsOperation,
  addOptOutsOperation,
  removeOptOutsOperation,
  recordConversionOperation,
  campaignConversionsOperation,
  listConversationsOperation,
  getConversationOperation,
  replyToConversationOperation,
  assignConversationOperation,
  setConversationStateOperation,
  addNoteOperation,
  followTrackedLinkOperation,
];
