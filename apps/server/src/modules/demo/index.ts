// The demo's story (DEMO_STORY): queued by main at the demo's first start, run as a job.
export { DEMO_STORY, runDemoStoryJob, startDemoStory, tellDemoStory } from './story.ts';
