import { z } from '../core/zod.js';
import { MAX_BROWSE_NODES } from '../core/constants.js';
import { MESSAGES } from '../core/messages.js';
import {
  boundedList,
  DateSchema,
  IdSchema,
  plainText,
  TextSchema,
  TimestampSchema,
} from '../common/fields.js';
import {
  ProjectSourceSchema,
  SetupRegionSchema,
  SetupStatusSchema,
  WeekdaySchema,
} from '../enums.js';

/** A browse node attached to a setup, as the per-product list carries it. */
export const SetupNodeSchema = z.object({
  retailerId: z.number().check(z.int()),
  id: z.number().check(z.int()),
  parentId: z.number().check(z.int()),
  nodePath: z.string(),
});
export type SetupNode = z.infer<typeof SetupNodeSchema>;

/** One row of the setups list: one setup × one retailer. Rows are grouped by setupId in the UI. */
export const SetupRowSchema = z.object({
  setupId: z.number().check(z.int()),
  clientName: z.string(),
  clientId: z.number().check(z.int()),
  retailerId: z.number().check(z.int()),
  retailerName: z
    .optional(z.string())
    .check(z.describe('Not in the spec; when absent the app looks it up')),
  isNewClient: z.boolean().check(z.describe('true for prospects')),
  ismarketshareEnabled: z
    .boolean()
    .check(z.describe('ML when true, CL when false (upstream spelling)')),
  status: SetupStatusSchema,
  stepName: z.nullable(z.string()),
  nodesDetails: z.optional(z.array(SetupNodeSchema)).check(z.describe('Per-product list only')),
  totalRecords: z
    .optional(z.number().check(z.int()))
    .check(z.describe('Number of setups matching the search, for paging')),
});
export type SetupRow = z.infer<typeof SetupRowSchema>;

export const RetailerSchema = z.object({
  retailerId: z.number().check(z.int()),
  retailerName: z.string(),
});
export type Retailer = z.infer<typeof RetailerSchema>;

export const RetailerGroupSchema = z.object({
  projectSource: ProjectSourceSchema,
  data: z.array(RetailerSchema),
});
export type RetailerGroup = z.infer<typeof RetailerGroupSchema>;

export const RetailersResponseSchema = z.object({ data: z.array(RetailerGroupSchema) });
export type RetailersResponse = z.infer<typeof RetailersResponseSchema>;

export const BrowseNodeSchema = z.object({
  taxonomyId: z.string(),
  nodeId: z.number().check(z.int()),
  nodePath: z.string(),
  nodeLeaf: z.boolean(),
});
export type BrowseNode = z.infer<typeof BrowseNodeSchema>;

/** A mapping whose parent equals itself is a top-level node. */
export const NodeMappingSchema = z.object({
  retailerId: z.number().check(z.int()),
  parentId: z.number().check(z.int()),
  id: z.number().check(z.int()),
});
export type NodeMapping = z.infer<typeof NodeMappingSchema>;

export const BrowseNodesResponseSchema = z.object({
  data: z.object({
    mapping: z.array(NodeMappingSchema),
    browseNodes: z.array(BrowseNodeSchema),
  }),
});
export type BrowseNodesResponse = z.infer<typeof BrowseNodesResponseSchema>;

export const SearchChildNodeSchema = z.object({
  id: z.number().check(z.int()),
  nodePath: z.string(),
  taxonomyId: z.optional(z.string()),
});
export const SearchNodeSchema = z.object({
  id: z.number().check(z.int()),
  nodePath: z.string(),
  taxonomyId: z.optional(z.string()),
  childNodes: z.array(SearchChildNodeSchema),
});
export type SearchNode = z.infer<typeof SearchNodeSchema>;
export type SearchChildNode = z.infer<typeof SearchChildNodeSchema>;

export const SearchBrowseNodesResponseSchema = z.object({
  total: z.number().check(z.int(), z.gte(0)),
  nodes: z.array(SearchNodeSchema),
});
export type SearchBrowseNodesResponse = z.infer<typeof SearchBrowseNodesResponseSchema>;

/**
 * Recurring refresh schedule (docs/requirements.md#schedule-payload): UTC start time, byweekday
 * omitted if none, endDate omitted when ending never.
 */
export const ScheduleSchema = z.strictObject({
  freq: z.literal('WEEKLY'),
  byweekday: z.optional(z.array(WeekdaySchema).check(z.minLength(1), z.maxLength(7))),
  interval: z.number().check(z.int(), z.gte(1), z.lte(52)),
  startTime: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be HH:MM (UTC)')),
  startDate: DateSchema,
  endDate: z.optional(DateSchema),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

export const BrowseNodeRefSchema = z.strictObject({
  parent_id: IdSchema,
  id: IdSchema,
});
export type BrowseNodeRef = z.infer<typeof BrowseNodeRefSchema>;

const submissionCommon = {
  retailerId: IdSchema,
  browseNodes: z
    .array(BrowseNodeRefSchema)
    .check(
      z.minLength(1),
      z.maxLength(MAX_BROWSE_NODES, MESSAGES.maxBrowseNodes(MAX_BROWSE_NODES)),
      z.describe('parent_id / id pairs (a top-level node is its own parent)'),
    ),
  nodeDetails: z
    .array(plainText().check(z.maxLength(64)))
    .check(
      z.maxLength(MAX_BROWSE_NODES, MESSAGES.maxBrowseNodes(MAX_BROWSE_NODES)),
      z.describe('taxonomy ids of the nodes'),
    ),
  isNewClient: z.boolean(),
  clientName: plainText().check(
    z.trim(),
    z.minLength(1),
    z.maxLength(100),
    z.describe('lower-cased'),
  ),
  clientId: IdSchema,
  brands: boundedList(TextSchema, 200).check(
    z.describe('split on commas, trimmed, empty parts dropped'),
  ),
  isMarketShareEnabled: z.boolean(),
  schedule: z.optional(z.nullable(ScheduleSchema)),
};

/** One per retailer in addSetup. */
export const SetupAddItemSchema = z.strictObject({
  ...submissionCommon,
  isScheduled: z.boolean(),
});
export type SetupAddItem = z.infer<typeof SetupAddItemSchema>;

/** One per retailer in updateSetup. */
export const SetupUpdateItemSchema = z.strictObject({
  ...submissionCommon,
  setupId: IdSchema,
  isEdit: z.literal(true),
  isBrandsUpdate: z.boolean(),
  isScheduleUpdate: z.boolean(),
  isScheduleRemove: z.boolean(),
});
export type SetupUpdateItem = z.infer<typeof SetupUpdateItemSchema>;

export const ClientDetailsSchema = z.object({
  clientName: z.string(),
  clientId: z.number().check(z.int()),
  isNewClient: z.boolean(),
  region: z.string(),
  createdat: TimestampSchema,
  updatedat: TimestampSchema,
  setupId: z.number().check(z.int()),
  scheduled: z.optional(z.boolean()).check(z.describe('Per-product details only')),
});
export type ClientDetails = z.infer<typeof ClientDetailsSchema>;

export const ScheduleDetailSchema = z.object({
  schedule: z.object({
    freq: z.string(),
    interval: z.number().check(z.int()),
    startTime: z.string(),
    startDate: z.string(),
    byweekday: z.optional(z.array(z.string())),
    endDate: z.optional(z.nullable(z.string())),
  }),
  rruleText: z.string(),
});
export type ScheduleDetail = z.infer<typeof ScheduleDetailSchema>;

export const SetupDetailsResponseSchema = z.object({
  clientDetails: ClientDetailsSchema,
  brandsDetails: z.object({ brands: z.array(z.string()) }),
  retailers: z.array(
    z.object({
      retailerId: z.number().check(z.int()),
      retailerName: z.optional(z.string()),
      isMarketShareEnabled: z.optional(z.boolean()),
    }),
  ),
  scheduleDetails: z.array(ScheduleDetailSchema),
  browseNodes: z.optional(z.unknown()),
});
export type SetupDetailsResponse = z.infer<typeof SetupDetailsResponseSchema>;

export const WorkflowEntrySchema = z.object({
  stepName: z.string(),
  status: z.string().check(z.describe('not_started, started, in_progress, completed or failed')),
  retailerId: z.number().check(z.int()),
  ismarketshareEnabled: z.boolean(),
  updatedat: TimestampSchema,
  requestedby: z.nullable(z.string()),
  statusPayload: z.nullable(z.string()).check(z.describe('Shown as NA when null')),
});
export type WorkflowEntry = z.infer<typeof WorkflowEntrySchema>;

export const WorkflowResponseSchema = z.object({
  currentWorkflow: z.array(WorkflowEntrySchema),
  historyWorkflow: z.array(WorkflowEntrySchema),
});
export type WorkflowResponse = z.infer<typeof WorkflowResponseSchema>;

/** Client options of the existing-client picker. */
export const ClientOptionSchema = z.object({
  value: z.number().check(z.int(), z.describe('client id')),
  name: z.string(),
});
export type ClientOption = z.infer<typeof ClientOptionSchema>;

export const AddClientResponseSchema = z.object({ clientId: z.number().check(z.int()) });

/** Setup form state (docs/requirements.md#setup-form), as the form keeps it. */
export const SetupFormStateSchema = z.object({
  retailerId: z.array(z.number().check(z.int())),
  clientId: z.nullable(z.number().check(z.int())),
  clientName: z.string(),
  tags: z.array(z.string()),
  brands: z.string().check(z.describe('comma-separated')),
  region: SetupRegionSchema,
  isNewClient: z.boolean(),
  clientNameErrorMessage: z.string(),
});
export type SetupFormState = z.infer<typeof SetupFormStateSchema>;

/** Per-retailer selection of the picker. */
export const RetailerSelectionSchema = z.object({
  retailerName: z.string(),
  retailerId: z.number().check(z.int()),
  nodes: z.array(
    z.object({
      id: z.number().check(z.int()),
      parentId: z.number().check(z.int()),
      nodePath: z.string(),
      taxonomyId: z.string(),
    }),
  ),
  parentNodes: z.array(z.number().check(z.int())),
});
export type RetailerSelection = z.infer<typeof RetailerSelectionSchema>;
