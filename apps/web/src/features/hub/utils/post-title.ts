const TITLE_TEXT_LENGTH = 40;

/** The first `length` characters, ending at a word boundary when one is not too far back. */
function cutAtWord(text: string, length: number): string {
  const cut = text.slice(0, length + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut.slice(0, length)).trimEnd();
}

/** /pulse/{id} names itself after its author and the start of its text: "ama_farms: Fresh yams from…". */
export function postDocumentTitle(post: { author: { username: string }; text: string }): string {
  const text = post.text.replace(/\s+/g, ' ').trim();
  const start = text.length > TITLE_TEXT_LENGTH ? `${cutAtWord(text, TITLE_TEXT_LENGTH)}…` : text;
  return start === '' ? post.author.username : `${post.author.username}: ${start}`;
}
