/**
 * The text a new block's required settings start with in the Partner Studio ("New title", "New
 * question"), so a person sees what to replace, and so partners:check can warn when one was never
 * replaced. One function for both: the studio writes it, the checker recognises it.
 *
 * `name` is the setting's key; an entry of a list is named after the list and its position
 * ("bullets-2" -> "New bullets 2").
 */
export function placeholderText(name: string): string {
  const words = name
    .replace(/Html$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return `New ${words}`;
}
