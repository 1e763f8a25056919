import TouchRippleRender, {
  type TouchRippleActions,
  type TouchRippleProps,
} from '@mui/material/ButtonBase/TouchRipple';
import {
  useEffect,
  useRef,
  useState,
  type ForwardRefExoticComponent,
  type RefAttributes,
} from 'react';

// MUI declares its default export as the render function; at run time it is the component.
const TouchRipple = TouchRippleRender as unknown as ForwardRefExoticComponent<
  TouchRippleProps & RefAttributes<TouchRippleActions>
>;

/**
 * Plays one invisible ripple once the browser is idle, so that the ripple's styles (with their
 * @keyframes) are added to the page then. Added on the first press of a button instead, they
 * restyle every element on screen within that press: ~70 ms on a 4× slower CPU with a list.
 */
export function RippleWarmUp() {
  const ripple = useRef<TouchRippleActions>(null);
  const [done, setDone] = useState(false);
  useEffect(() => {
    // The callback runs once the ripple has rendered, i.e. its styles are in.
    const run = () => ripple.current?.start(undefined, { pulsate: true }, () => setDone(true));
    if (typeof requestIdleCallback === 'function') {
      // No deadline: only when nothing else (e.g. a screen's first render) waits.
      const id = requestIdleCallback(run);
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(run, 0);
    return () => clearTimeout(id);
  }, []);
  if (done) return null;
  return (
    <span
      aria-hidden
      style={{ position: 'fixed', width: 0, height: 0, overflow: 'hidden', pointerEvents: 'none' }}
    >
      <TouchRipple ref={ripple} />
    </span>
  );
}
