// The fonts the tokens name (`--font-sans`, `--font-mono`), shipped with the app
// instead of relying on whatever the machine has: every weight the tokens use
// (400 normal, 500 medium, 600 semibold, 700 bold), every script subset (the
// browser fetches a subset only when a page shows its characters).
// Storybook and its screenshot tests load this same file.
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import '@fontsource/jetbrains-mono/400.css';
import '@fontsource/jetbrains-mono/500.css';
import '@fontsource/jetbrains-mono/600.css';
import '@fontsource/jetbrains-mono/700.css';
