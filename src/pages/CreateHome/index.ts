/**
 * Step 2 and the way back to it, one lazily loaded chunk: the create-home page, and "send me my
 * link again" (whose form is its own chunk, as on the create-home page's expired-link message).
 * One chunk rather than two keeps the route table in the first download a few bytes smaller.
 */
export { CreateHomePage } from './CreateHomePage.tsx';
export { ResendLinkPage } from '../ResendLink/ResendLinkPage.tsx';
