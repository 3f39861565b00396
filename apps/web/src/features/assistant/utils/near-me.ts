/**
 * Whether a question asks about the person's own surroundings ("near me", "nearby", "around
 * me"): only then does the chat ask the browser for its position.
 */
const NEAR_ME = /\b(near|close to|around)\s+me\b|\bnear\s*by\b|\bclose\s*by\b/i;

export function mentionsNearMe(text: string): boolean {
  return NEAR_ME.test(text);
}
