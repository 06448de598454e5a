// `npm start`: the server with the built client.
import 'dotenv/config';
import { serve } from './serve.ts';

serve();
