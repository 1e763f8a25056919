import { z } from '../core/zod.js';
import { plainText } from '../common/fields.js';
import { FleetSetupSchema, FleetStatusSchema, oneProductPerFlow } from '../fleet/entities.js';
import { FleetFilterSchema } from './filters.js';

/** The most views one operator keeps, every flow together. */
export const SAVED_VIEWS_MAX = 50;
export const VIEW_NAME_MAX = 60;

export const ViewNameSchema = plainText().check(
  z.trim(),
  z.minLength(1, 'Name the view'),
  z.maxLength(VIEW_NAME_MAX, `At most ${VIEW_NAME_MAX} characters`),
  z.describe(`1–${VIEW_NAME_MAX} characters (trimmed), unique per operator whatever the case`),
);

const flow = z
  .enum(['rem_omni', 'meta'])
  .check(z.describe('rem_omni: Category Leaderboard; meta: a product (named by productId)'));
const productId = z
  .nullable(z.number().check(z.int(), z.gte(1)))
  .check(z.describe("A product flow's product; null for Category Leaderboard"));

/** One operator's saved search: a flow and its filters, kept by the gateway (issue 33). */
export const SavedViewSchema = z.object({
  id: z.string().check(z.describe('Opaque id')),
  name: z.string(),
  flow,
  productId,
  filters: FleetFilterSchema,
  pinned: z.boolean().check(z.describe("The flow's default view (at most one per flow)")),
  createdAt: z.string().check(z.describe('ISO 8601')),
  updatedAt: z.string().check(z.describe('ISO 8601')),
});
export type SavedView = z.infer<typeof SavedViewSchema>;

export const CountedViewSchema = z.extend(SavedViewSchema, {
  count: z
    .nullable(z.number().check(z.int(), z.gte(0)))
    .check(
      z.describe(
        'Setups its filters match in the current fleet snapshot; null while there is none',
      ),
    ),
});
export type CountedView = z.infer<typeof CountedViewSchema>;

export const SavedViewsSchema = z.object({
  views: z.array(CountedViewSchema).check(z.describe('The operator’s views, oldest first')),
});
export type SavedViews = z.infer<typeof SavedViewsSchema>;

export const DefaultViewSchema = z.object({
  view: z
    .nullable(SavedViewSchema)
    .check(z.describe("The flow's pinned view; null when none is pinned")),
});

export const NewViewSchema = z
  .strictObject({
    name: ViewNameSchema,
    flow,
    productId,
    filters: FleetFilterSchema,
    pinned: z
      ._default(z.boolean(), false)
      .check(z.describe('Pinning unpins the flow’s other view')),
  })
  .check(z.superRefine(oneProductPerFlow));

export const ViewChangeSchema = z
  .strictObject({
    name: z.optional(ViewNameSchema),
    filters: z.optional(FleetFilterSchema),
    pinned: z.optional(z.boolean()),
  })
  .check(
    z.refine((v) => Object.keys(v).length > 0, { message: 'Change the name, filters or pin' }),
  );

export const DeletedViewSchema = z.object({ id: z.string() });

/** The fleet list: one flow's setups matching the filters across the whole snapshot. */
export const FleetListSchema = z.extend(FleetStatusSchema, {
  total: z.number().check(z.int(), z.gte(0), z.describe('Setups matching, every page together')),
  setups: z
    .array(FleetSetupSchema)
    .check(z.describe('This page of the matching setups, newest (highest setup id) first')),
});
export type FleetList = z.infer<typeof FleetListSchema>;
