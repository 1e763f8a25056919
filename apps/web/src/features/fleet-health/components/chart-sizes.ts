/** Room for the longest step label (`NCS Client DB Config`) beside a horizontal bar chart. */
export const STEP_AXIS_WIDTH = 150;
export const CHART_MARGIN = { top: 8, right: 16, bottom: 8, left: 8 };

/** A horizontal bar chart's height for `bands` bars: each bar readable, legend and axis below. */
export const barHeight = (bands: number) => 90 + Math.max(bands, 2) * 34;
