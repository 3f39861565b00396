import { ZFollowResponse, ZHubProfile, type TFollowResponse, type THubProfile, type TUpdateHubProfileInput } from '@pulse/contract/hub';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';

/** 404 PROFILE_NOT_FOUND_MESSAGE for an unknown name; the page shows it itself. */
export function getProfile(username: string, signal?: AbortSignal): Promise<THubProfile> {
  return apiRequest(`/api/hub/profiles/${encodeURIComponent(username)}`, { schema: ZHubProfile, signal, reactTo: reactToSessionOrOutage });
}

export function patchOwnProfile(input: TUpdateHubProfileInput): Promise<THubProfile> {
  return apiRequest('/api/hub/profile', { method: 'PATCH', body: input, schema: ZHubProfile, reactTo: reactToSessionOrOutage });
}

export function setFollow(username: string, following: boolean): Promise<TFollowResponse> {
  return apiRequest(`/api/hub/users/${encodeURIComponent(username)}/follow`, { method: following ? 'PUT' : 'DELETE', schema: ZFollowResponse });
}
