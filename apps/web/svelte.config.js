// Svelte 5 with runes everywhere; TypeScript in <script lang="ts"> is stripped by Svelte itself.
export default {
  compilerOptions: { runes: true },
};
