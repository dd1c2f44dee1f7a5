// Kept only for bench/callbacks.ts, which imports this file for its side effect and belongs to
// another branch: everything else calls wireAll() from lib/wiring.ts. Delete this file once the
// benchmark does too.
import { wireAll } from "../wiring";

wireAll();
