import '../../src/index.css';
import './explorer.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Explorer } from './explorer';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Explorer />
    </StrictMode>,
  );
