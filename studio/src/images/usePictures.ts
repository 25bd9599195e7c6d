import { useCallback, useEffect, useState } from 'react';
import { studioApi, type Picture } from '../api/studioApi.ts';

const byPath = (a: Picture, b: Picture) => a.original.path.localeCompare(b.original.path);

/**
 * The partner's pictures as the studio server lists them: saved ones and those uploaded with the
 * draft (staged until the partner is saved). Read again whenever the saved file changes
 * (`baseHash`), since a save publishes the staged pictures it uses and drops the others.
 */
export function usePictures(partnerId: string, baseHash: string | null) {
  const [pictures, setPictures] = useState<Picture[]>([]);

  useEffect(() => {
    let current = true;
    studioApi.images(partnerId).then(
      (answer) => current && setPictures(answer.pictures),
      () => current && setPictures([]),
    );
    return () => {
      current = false;
    };
  }, [partnerId, baseHash]);

  /** An upload replaces the picture of the same name. */
  const uploaded = useCallback(
    (picture: Picture) =>
      setPictures((list) =>
        [...list.filter((p) => p.original.path !== picture.original.path), picture].sort(byPath),
      ),
    [],
  );

  /** "Discard my changes": the staged pictures go (on the server, then here). */
  const dropStaged = useCallback(async () => {
    const answer = await studioApi.dropStaged(partnerId);
    setPictures(answer.pictures);
  }, [partnerId]);

  return {
    pictures,
    staged: pictures.filter((picture) => picture.staged).length,
    uploaded,
    dropStaged,
  };
}
