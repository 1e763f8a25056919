import { describe, expect, it } from '@jest/globals';
import { nodeKey, parseNodeKey } from './node-keys';

describe('picker keys of browse nodes', () => {
  it('reads a key back into its node id and kind', () => {
    expect(parseNodeKey(nodeKey(16310101, 'PARENT'))).toEqual({ id: 16310101, kind: 'PARENT' });
    expect(parseNodeKey(nodeKey(16310102, 'CHILD'))).toEqual({ id: 16310102, kind: 'CHILD' });
    expect(parseNodeKey('123_#PARENT')).toEqual({ id: 123, kind: 'PARENT' });
  });

  it('reads a bare node id, without its kind, as no key', () => {
    expect(parseNodeKey('123')).toBeNull();
    expect(parseNodeKey('16310101')).toBeNull();
  });

  it.each(['abc_#PARENT', '1.5_#CHILD', '-5_#PARENT', '5x_#PARENT', 'x5_#CHILD', '_#PARENT'])(
    'reads %j, whose id is not a whole number, as no key',
    (key) => {
      expect(parseNodeKey(key)).toBeNull();
    },
  );
});
