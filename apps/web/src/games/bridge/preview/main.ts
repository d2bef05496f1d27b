/** The Bridge preview's entry: served by `vite` in development only (see index.html beside it). */
import { mount } from 'svelte';
import '../../../app.css';
import Preview from './Preview.svelte';

mount(Preview, { target: document.getElementById('app')! });
