import './app/global.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { startI18n } from './app/i18n'

async function start() {
  const i18n = await startI18n()
  const container = document.getElementById('root')
  if (!container) throw new Error('#root missing from index.html')
  createRoot(container).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  )
}

void start()
