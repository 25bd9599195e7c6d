/**
 * The longest side of an optimised picture, in pixels (studio/server/optimisePicture.ts): no
 * layout shows a picture wider than 1440 px, and twice that is sharp on a 2x screen.
 */
export const maxPictureEdge = 2880;
