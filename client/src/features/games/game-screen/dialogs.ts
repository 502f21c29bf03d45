import { lazy, useEffect } from "react";

// The dialogs are not needed to show the game: their code (with the form validation) loads when the
// browser is idle after the page is drawn, or when one is opened first; each renders only while open.
const loadJoinModal = () => import("@client/features/participation/join-modal");
const loadJoinSuccessModal = () => import("@client/features/participation/join-success-modal");
const loadPlayerActionsModal = () => import("@client/features/participation/player-actions-modal");
const loadShareModal = () => import("../share-modal");
const loadMissingPlayersDialog = () => import("../missing-players-dialog");
export const JoinModal = lazy(() => loadJoinModal().then((mod) => ({ default: mod.JoinModal })));
export const JoinSuccessModal = lazy(() => loadJoinSuccessModal().then((mod) => ({ default: mod.JoinSuccessModal })));
export const PlayerActionsModal = lazy(() => loadPlayerActionsModal().then((mod) => ({ default: mod.PlayerActionsModal })));
export const ShareModal = lazy(() => loadShareModal().then((mod) => ({ default: mod.ShareModal })));
export const MissingPlayersDialog = lazy(() => loadMissingPlayersDialog().then((mod) => ({ default: mod.MissingPlayersDialog })));

export function usePreloadDialogsWhenIdle() {
  useEffect(() => {
    const load = () => {
      for (const importer of [loadJoinModal, loadJoinSuccessModal, loadPlayerActionsModal, loadShareModal, loadMissingPlayersDialog]) void importer().catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(load, { timeout: 3_000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(load, 1_500);
    return () => clearTimeout(timer);
  }, []);
}
