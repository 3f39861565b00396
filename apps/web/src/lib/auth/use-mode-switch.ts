import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { getSeller } from './get-seller';
import { decideModeSwitch, type SellerLookup } from './mode-switch';
import { useAuth } from './use-auth';

async function lookUpSeller(userId: string): Promise<SellerLookup> {
  try {
    const seller = await getSeller(userId);
    return { ok: true, status: seller.status };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Toggles buyer/seller mode following spec §4; `isSwitching` covers the seller lookup. */
export function useModeSwitch() {
  const { user, mode, setMode } = useAuth();
  const navigate = useNavigate();
  const [isSwitching, setIsSwitching] = useState(false);

  const switchMode = useCallback(async () => {
    const userId = user?.id;
    let step = decideModeSwitch({ currentMode: mode, userId });
    if (step.kind === 'lookup-seller') {
      setIsSwitching(true);
      const lookup = await lookUpSeller(step.userId);
      setIsSwitching(false);
      step = decideModeSwitch({ currentMode: mode, userId, lookup });
    }
    switch (step.kind) {
      case 'switch-mode':
        setMode(step.mode);
        await navigate(step.to, { replace: step.replace });
        return;
      case 'navigate':
        await navigate(step.to);
        return;
      case 'fail':
        console.error('Could not switch to seller mode', step.error);
        await navigate(step.to);
        return;
      case 'lookup-seller':
        return;
    }
  }, [user, mode, setMode, navigate]);

  return { mode, switchMode, isSwitching };
}
