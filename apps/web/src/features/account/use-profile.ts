import type { FullUser } from '@owo/contracts';
import { useQuery } from '@tanstack/react-query';
import { userApi } from '../../api/user';
import { useAuth } from './auth-store';

export const profileKey = (id: string | null) => ['user', id] as const;

/** The signed-in user's full profile (query key ['user', id]). */
export function useProfile() {
  const userId = useAuth((s) => s.userId);
  return useQuery<FullUser>({
    queryKey: profileKey(userId),
    queryFn: async () => (await userApi.getUser(userId ?? '')).data,
    enabled: Boolean(userId),
  });
}
