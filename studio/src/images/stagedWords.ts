/** What discarding does to the pictures uploaded since the last save (staged with the draft). */
const uploadedSinceSave = (count: number) =>
  `${count === 1 ? 'The picture' : `The ${count} pictures`} uploaded since the last save`;

/** For the "Discard your changes?" dialog; empty when there are none. */
export function discardWarning(count: number, undoable: boolean): string {
  if (count === 0) return '';
  const undo = undoable ? `; Undo does not bring ${count === 1 ? 'it' : 'them'} back` : '';
  return `${uploadedSinceSave(count)} ${count === 1 ? 'is' : 'are'} deleted${undo}.`;
}

/** For the notice after discarding an opened partner's changes. */
export function discardedNotice(count: number): string {
  if (count === 0) return 'Undo brings them back.';
  return `${uploadedSinceSave(count)} ${count === 1 ? 'is' : 'are'} deleted. Undo brings your edits back, not ${count === 1 ? 'that picture' : 'those pictures'}.`;
}
