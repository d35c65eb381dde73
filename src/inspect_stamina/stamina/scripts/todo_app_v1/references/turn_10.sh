set -e
mkdir -p frontend/src
cp /opt/web-template/package.json /opt/web-template/package-lock.json frontend/
cat > frontend/.gitignore <<'EOF_FILE'
node_modules
dist
EOF_FILE
cat > frontend/index.html <<'EOF_FILE'
<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Todos</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.jsx"></script>
  </body>
</html>
EOF_FILE
cat > frontend/vite.config.js <<'EOF_FILE'
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      "/api": "http://localhost:8000",
    },
  },
  test: {
    environment: "jsdom",
  },
});
EOF_FILE
cat > frontend/src/main.jsx <<'EOF_FILE'
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import App from "./App.jsx";

createRoot(document.getElementById("root")).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
EOF_FILE
cat > frontend/src/App.jsx <<'EOF_FILE'
export default function App() {
  return (
    <main>
      <h1>Todos</h1>
    </main>
  );
}
EOF_FILE
(cd frontend && npm ci --no-audit --no-fund --loglevel=error)
