import { z } from 'zod';
import { plainText } from '../common/fields.js';
import { FleetSetupSchema, FleetStatusSchema, oneProductPerFlow } from '../fleet/entities.js';
import { FleetFilterSchema } from './filters.js';

/** The most views one operator keeps, every flow together. */
export const SAVED_VIEWS_MAX = 50;
export const VIEW_NAME_MAX = 60;

export const ViewNameSchema = plainText()
  .trim()
  .min(1, 'Name the view')
  .max(VIEW_NAME_MAX, `At most ${VIEW_NAME_MAX} characters`)
  .describe(`1–${VIEW_NAME_MAX} characters (trimmed), unique per operator whatever the case`);

const flow = z
  .enum(['rem_omni', 'meta'])
  .describe('rem_omni: Category Leaderboard; meta: a product (named by productId)');
const productId = z
  .number()
  .int()
  .min(1)
  .nullable()
  .describe("A product flow's product; null for Category Leaderboard");

/** One operator's saved search: a flow and its filters, kept by the gateway (issue 33). */
export const SavedViewSchema = z.object({
  id: z.string().describe('Opaque id'),
  name: z.string(),
  flow,
  productId,
  filters: FleetFilterSchema,
  pinned: z.boolean().describe("The flow's default view (at most one per flow)"),
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
});
export type SavedView = z.infer<typeof SavedViewSchema>;

export const CountedViewSchema = SavedViewSchema.extend({
  count: z
    .number()
    .int()
    .min(0)
    .nullable()
    .describe('Setups its filters match in the current fleet snapshot; null while there is none'),
});
export type CountedView = z.infer<typeof CountedViewSchema>;

export const SavedViewsSchema = z.object({
  views: z.array(CountedViewSchema).describe('The operator’s views, oldest first'),
});
export type SavedViews = z.infer<typeof SavedViewsSchema>;

export const DefaultViewSchema = z.object({
  view: SavedViewSchema.nullable().describe("The flow's pinned view; null when none is pinned"),
});

export const NewViewSchema = z
  .strictObject({
    name: ViewNameSchema,
    flow,
    productId,
    filters: FleetFilterSchema,
    pinned: z.boolean().default(false).describe('Pinning unpins the flow’s other view'),
  })
  .superRefine(oneProductPerFlow);

export const ViewChangeSchema = z
  .strictObject({
    name: ViewNameSchema.optional(),
    filters: FleetFilterSchema.optional(),
    pinned: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Change the name, filters or pin' });

export const DeletedViewSchema = z.object({ id: z.string() });

/** The fleet list: one flow's setups matching the filters across the whole snapshot. */
export const FleetListSchema = FleetStatusSchema.extend({
  total: z.number().int().min(0).describe('Setups matching, every page together'),
  setups: z
    .array(FleetSetupSchema)
    .describe('This page of the matching setups, newest (highest setup id) first'),
});
export type FleetList = z.infer<typeof FleetListSchema>;
