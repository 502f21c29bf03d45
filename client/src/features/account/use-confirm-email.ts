import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { refreshAccount } from "@client/lib/account";
import { trpc } from "@client/lib/trpc";

/**
 * Confirms the e-mail address with the token of a link (spec 001 section 4, "Email confirmation"),
 * once per token, when `enabled`. Afterwards the account and profile pages show the new state.
 */
export function useConfirmEmail(token: string | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  const confirm = useMutation(
    trpc.accounts.confirmEmail.mutationOptions({
      onSuccess: async () => {
        await refreshAccount(queryClient, { profiles: true }).catch(() => null);
      },
    }),
  );
  const sentFor = useRef<string | null>(null);
  const { mutate } = confirm;

  useEffect(() => {
    if (!token || !enabled || sentFor.current === token) return;
    sentFor.current = token;
    mutate({ emailToken: token });
  }, [token, enabled, mutate]);

  return confirm;
}
