// First: before any module parses with zod (see the file).
import './lib/zod-jitless.ts';
import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';

mount(App, { target: document.getElementById('app')! });
