// The Purpose tab's state: the chosen type, its fields and their messages, in one reducer. Type
// requests pass the gates (gates.ts); a gated request opens a dialog through `onGate` instead.
import { emptyContent, type QrType } from '@qrsharks/qr-core/browser';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { pickKnownFields, SELECTED_TEMPLATE_KEY, templatePrefill } from '../content-fields';
import { isGeneratorType, startingType, typeGate } from '../gates';

export interface PurposeState {
  qrType: QrType;
  fields: Record<string, unknown>;
  errors: Record<string, string>;
}

export type PurposeAction =
  | { kind: 'switch'; qrType: QrType; fields: Record<string, unknown> }
  | { kind: 'field'; name: string; value: unknown }
  | { kind: 'errors'; errors: Record<string, string> };

export function purposeReducer(state: PurposeState, action: PurposeAction): PurposeState {
  switch (action.kind) {
    case 'switch':
      return { qrType: action.qrType, fields: action.fields, errors: {} };
    case 'field': {
      const fields = { ...state.fields, [action.name]: action.value };
      if (!(action.name in state.errors)) return { ...state, fields };
      const { [action.name]: _removed, ...errors } = state.errors;
      return { ...state, fields, errors };
    }
    case 'errors':
      return { ...state, errors: action.errors };
  }
}

function readTemplate(type: QrType): Record<string, unknown> | null {
  try {
    return templatePrefill(window.sessionStorage.getItem(SELECTED_TEMPLATE_KEY), type);
  } catch {
    return null;
  }
}

function initialFields(type: QrType, prefill: Record<string, unknown> | undefined): Record<string, unknown> {
  return { ...emptyContent(type), ...(readTemplate(type) ?? {}), ...(pickKnownFields(type, prefill) ?? {}) };
}

export interface PurposeOptions {
  initialType?: QrType;
  prefill?: Record<string, unknown>;
  signedIn: boolean;
  userLoading: boolean;
  /** A gated type was asked for: open its dialog. */
  onGate: (gate: 'future' | 'premium', type: QrType) => void;
}

/** The type changes only through 'switch', which resets the form; the preview and mode follow the type. */
export function usePurpose({ initialType, prefill, signedIn, userLoading, onGate }: PurposeOptions) {
  const [state, dispatch] = useReducer(purposeReducer, initialType, (type): PurposeState => {
    const qrType = startingType(type);
    return { qrType, fields: initialFields(qrType, prefill), errors: {} };
  });
  const { qrType } = state;

  // The template was consumed; a later visit to / should start clean.
  useEffect(() => {
    try {
      if (readTemplate(qrType)) window.sessionStorage.removeItem(SELECTED_TEMPLATE_KEY);
    } catch {
      // storage unavailable: nothing to clean
    }
    // Only on mount: the template belongs to the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const switchType = useCallback((next: QrType) => dispatch({ kind: 'switch', qrType: next, fields: emptyContent(next) }), []);

  /** The dropdown's choice, with the spec's gates (section 4, type change). */
  const requestType = useCallback(
    (next: QrType) => {
      const gate = typeGate(next, signedIn);
      if (gate) onGate(gate, next);
      else if (next !== qrType) switchType(next);
    },
    [qrType, signedIn, switchType, onGate],
  );

  // A preselected type from the landing page may arrive after mount (subdomain info) or be gated.
  const appliedInitial = useRef<QrType | undefined>(undefined);
  useEffect(() => {
    if (!initialType || userLoading || appliedInitial.current === initialType) return;
    const first = appliedInitial.current === undefined;
    appliedInitial.current = initialType;
    const gate = typeGate(initialType, signedIn);
    if (gate) {
      onGate(gate, initialType);
      // The card opened on the gated type (a premium one while signed out): back to the default.
      if (gate === 'premium' && qrType === initialType) switchType('url');
    } else if (!first && isGeneratorType(initialType) && initialType !== qrType) {
      dispatch({ kind: 'switch', qrType: initialType, fields: initialFields(initialType, prefill) });
    }
  }, [initialType, userLoading, signedIn, qrType, prefill, switchType, onGate]);

  const setField = useCallback((name: string, value: unknown) => dispatch({ kind: 'field', name, value }), []);
  const setErrors = useCallback((errors: Record<string, string>) => dispatch({ kind: 'errors', errors }), []);

  return { ...state, requestType, setField, setErrors };
}
