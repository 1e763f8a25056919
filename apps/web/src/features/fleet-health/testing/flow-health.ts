import { FlowHealthSchema, type FlowHealth } from '@onboarding/contracts';

/** A flow's health for tests, checked by its contract: three steps, nothing counted, `overrides`. */
export const flowHealth = (overrides: Partial<FlowHealth> = {}): FlowHealth =>
  FlowHealthSchema.parse({
    steps: ['crawling', 'sti', 'analytics'],
    setups: 0,
    rows: 0,
    pipelineRuns: 0,
    setupsByStep: [],
    setupsAtStep: [],
    durations: [],
    durationsByRetailer: [],
    waits: [],
    failuresByWeek: [],
    reTriggers: [],
    retailerSteps: [],
    ...overrides,
  });
