import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { forgetAccount, trpc } from "@client/lib/trpc";

/**
 * Signs out on the server, then forgets the account locally and shows the goodbye on /login
 * (spec 001 section 2.3). A failed logout is only logged and the local state stays (section 8).
 */
export function useSignOut() {
  const navigate = useNavigate();
  const logout = useMutation(trpc.auth.logout.mutationOptions());
  const signOut = async () => {
    try {
      await logout.mutateAsync();
    } catch (error) {
      console.warn("logout failed", error);
      return;
    }
    forgetAccount();
    await navigate({ href: "/login?logout" });
  };
  return { signOut, pending: logout.isPending };
}
