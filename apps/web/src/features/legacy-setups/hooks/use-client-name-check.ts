import { legacyClientNameError, MESSAGES } from '@onboarding/contracts';
import { useRef, useState } from 'react';
import { useIsClientExists } from '../api/is-client-exists';

/**
 * The legacy form's client name check (docs/requirements.md#legacy-form): on blur and again
 * before adding, the name trimmed, required and of allowed characters, then (adding only) the
 * server's lower-cased uniqueness check. `onTyped` keeps the name the operator is typing, so an
 * answer for an older name shows no error.
 */
export function useClientNameCheck({
  initialName,
  isEdit,
  setName,
}: {
  initialName: string;
  isEdit: boolean;
  /** Writes the trimmed name back into the form. */
  setName: (name: string) => void;
}) {
  const [nameError, setNameError] = useState<string | null>(null);
  /** The last uniqueness answer, for the lower-cased name it was asked about. */
  const [checked, setChecked] = useState<{ name: string; exists: boolean } | null>(null);
  const currentName = useRef(initialName);
  /** The check in flight (blur and a click on Add can ask about the same name at once). */
  const inFlight = useRef<{ name: string; answer: Promise<boolean> } | null>(null);
  const existence = useIsClientExists();

  /** True when the name may be saved. */
  const checkName = async (raw: string): Promise<boolean> => {
    const trimmed = raw.trim();
    currentName.current = trimmed;
    setName(trimmed);
    const formatError = legacyClientNameError(trimmed);
    setNameError(formatError);
    if (formatError) return false;
    if (isEdit) return true;
    const key = trimmed.toLowerCase();
    if (checked?.name === key) {
      if (checked.exists) setNameError(MESSAGES.legacyClientExists);
      return !checked.exists;
    }
    if (inFlight.current?.name === key) return inFlight.current.answer;
    const answer = existence.mutateAsync(trimmed).then(
      (exists) => {
        setChecked({ name: key, exists });
        // The operator may have typed on while the server answered.
        if (exists && currentName.current.trim().toLowerCase() === key) {
          setNameError(MESSAGES.legacyClientExists);
        }
        return !exists;
      },
      (error: unknown) => {
        console.error('The client name could not be checked:', error);
        return false;
      },
    );
    inFlight.current = { name: key, answer };
    try {
      return await answer;
    } finally {
      if (inFlight.current?.answer === answer) inFlight.current = null;
    }
  };

  const onTyped = (name: string) => {
    currentName.current = name;
    setNameError(null);
  };

  return { nameError, checkName, onTyped, existence };
}
