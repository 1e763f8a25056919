import { describe, expect, it } from '@jest/globals';
import { withStepLabels } from './step-words';

describe('step words', () => {
  it('shows the step keys a server message names as their labels, whole words only', () => {
    expect(withStepLabels('Re-triggered sti for setup 13 on Amazon')).toBe(
      'Re-triggered STI for setup 13 on Amazon',
    );
    expect(withStepLabels('Re-triggered sti_volume_trigger for setup 2')).toBe(
      'Re-triggered STI Volume Trigger for setup 2',
    );
    expect(withStepLabels('Re-triggered ncs_ui_trigger.')).toBe('Re-triggered NCS UI Trigger.');
    expect(withStepLabels('Re-triggered catalog_sync for setup 4', ['catalog_sync'])).toBe(
      'Re-triggered Catalog Sync for setup 4',
    );
    expect(withStepLabels('Mail sti@example.com or stick to stix', ['x'])).toBe(
      'Mail sti@example.com or stick to stix',
    );
  });
  it('shows every step key a message names, not only the first', () => {
    expect(withStepLabels('Re-triggered sti, then analytics and sti again')).toBe(
      'Re-triggered STI, then Analytics and STI again',
    );
  });

  it("reads a product's step name that starts with a known key as that step", () => {
    expect(withStepLabels('Re-triggered sti eu_retry for setup 2', ['sti eu_retry'])).toBe(
      'Re-triggered sti eu retry for setup 2',
    );
  });

  it("matches a product's step name with brackets or dots as written", () => {
    expect(withStepLabels('Re-triggered sync_(v2) for setup 4', ['sync_(v2)'])).toBe(
      'Re-triggered sync (v2) for setup 4',
    );
    expect(withStepLabels('Re-triggered syncXv2_x for setup 4', ['sync.v2_x'])).toBe(
      'Re-triggered syncXv2_x for setup 4',
    );
  });

  it('passes over a step with no name', () => {
    expect(withStepLabels('Re-triggered sti for setup 13', [null, ''])).toBe(
      'Re-triggered STI for setup 13',
    );
  });
});
