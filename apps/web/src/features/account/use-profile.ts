import { useQuery } from '@tanstack/react-query';
import { type FullUser, isFullUser, userApi } from '../../api/user';
import { useAuth } from './auth-store';

export const profileKey = (id: string | null) => ['user', id] as const;

/** The signed-in user's full profile (query key ['user', id]). */
export function useProfile() {
  const userId = useAuth((s) => s.userId);
  return useQuery<FullUser>({
    queryKey: profileKey(userId),
    queryFn: async () => {
      const { data } = await userApi.getUser(userId ?? '');
      // The server answers one's own id in full; anything less is not this person's profile.
      if (!isFullUser(data)) throw new Error('The profile came back without its private fields');
      return data;
    },
    enabled: Boolean(userId),
  });
}
