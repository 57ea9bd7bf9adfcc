// Static or dynamic, and the scan-tracking switch that shows it: only dynamic codes pass through /d/
// where scans are counted, so ON means dynamic. Both are account features (gates.ts).
import type { QrType } from '@qrsharks/qr-core/browser';
import { useState } from 'react';
import type { QrMode } from '../generate-request';
import { allowedMode, canBeDynamic, mayUseAccountFeatures } from '../gates';

export function useCodeMode(qrType: QrType, signedIn: boolean, onUpsell: () => void) {
  const [chosen, setMode] = useState<QrMode>('static');
  // A type that cannot be dynamic turns the mode back to static (and it stays so for the next type).
  const [modeType, setModeType] = useState(qrType);
  if (modeType !== qrType) {
    setModeType(qrType);
    if (!canBeDynamic(qrType)) setMode('static');
  }
  const mode = allowedMode(chosen, signedIn);
  const dynamicAllowed = canBeDynamic(qrType);
  const trackingOn = mode === 'dynamic';

  const onTrackingClick = () => {
    if (!mayUseAccountFeatures(signedIn)) {
      onUpsell();
      return;
    }
    if (!dynamicAllowed) return;
    setMode(trackingOn ? 'static' : 'dynamic');
  };

  return { mode, setMode, dynamicAllowed, trackingOn, onTrackingClick };
}
