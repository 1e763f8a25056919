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
});
