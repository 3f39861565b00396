export type UserMode = 'buyer' | 'seller';

export const DEFAULT_USER_MODE: UserMode = 'buyer';

export function parseUserMode(value: string | null | undefined): UserMode {
  return value === 'seller' ? 'seller' : DEFAULT_USER_MODE;
}
