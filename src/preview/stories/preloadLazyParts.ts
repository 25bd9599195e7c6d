import { loadAllPrecompiledValidators } from '../../forms/validation/precompiled.ts';
import { preloadBlocks, registeredBlockTypes } from '../../blocks/registry.ts';

/**
 * A Storybook loader for the section stories: fetches the code the landing page loads lazily (the
 * signup form, Swiper) before the story renders, so the story shows the finished section at once
 * instead of a placeholder that is replaced a moment later (the screenshot must not race it).
 * Add a line here when a section gets another lazily loaded part.
 */
export async function preloadLazyParts(): Promise<Record<string, never>> {
  await Promise.all([
    // Every block's chunk: a story renders any of them at once, never a loading state.
    preloadBlocks(registeredBlockTypes),
    import('../../forms/signup/SignupForm.tsx'),
    // Each form's validator is a chunk of its own (tools/vite-plugin-validators.ts).
    loadAllPrecompiledValidators(),
    import('../../blocks/Testimonials/loadSwiper.ts').then(({ loadSwiper }) => loadSwiper()),
  ]);
  return {};
}
