/*
 * A stand-in bcryptprimitives.dll for Wine 8.0, which lacks that DLL, so that the agent's Windows
 * x64 build (Bun's runtime imports ProcessPrng from it) starts under Wine in
 * agent-foreign-builds.test.ts. The test compiles it with MinGW into its own temporary Wine prefix
 * only; Windows 10 and later ship the real DLL, and nothing here is ever shipped with the agent.
 *
 * ProcessPrng fills the buffer with random bytes from the system's preferred generator and says
 * TRUE, as Windows' own does; BCryptGenRandom takes at most a ULONG at a time.
 */
#include <windows.h>
#include <bcrypt.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size)
{
    while (size > 0) {
        ULONG chunk = size > 0x40000000 ? 0x40000000 : (ULONG)size;
        if (!BCRYPT_SUCCESS(BCryptGenRandom(NULL, data, chunk, BCRYPT_USE_SYSTEM_PREFERRED_RNG)))
            return FALSE;
        data += chunk;
        size -= chunk;
    }
    return TRUE;
}
