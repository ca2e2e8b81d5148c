// MPI.File: parallel I/O (MPI-IO) straight into and out of managed arrays.
//
// Nested in MPI, so that programs write MPI.File and a top-level File never collides with System.IO.File.
//
// A file is a handle into native-mpi/file.c's table.  Like a communicator it has no finalizer: a file the program
// drops without Close stays open until MPI is finalized, which closes every file still open (in the order they were
// opened, the same on every rank) -- no MPI call ever runs on the finalizer thread.  The Requests of Iread_at and
// Iwrite_at are listed here until they complete, so that Close can finish them first (MPI forbids closing a file
// with operations in flight); a dropped Request is still completed by the garbage collector (gc-hooks/req-*.c).
//
// Collective operations agree first (native-mpi/file.c): a rank that refuses its arguments raises the reason, the
// others InvalidOperationException naming it, and nobody moves data.  A rank whose File is already closed cannot
// take part in an agreement (its communicator is gone), as with a freed communicator.
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Threading;

namespace System.MP
{
	public static partial class MPI
	{
		// Access modes of MPI.File.Open (native-mpi/motor-mpi.h MOTOR_MODE_*, mapped to the library's in C).
		/// <summary>File access mode: open for reading only.</summary>
		public const int MODE_RDONLY = 1;
		/// <summary>File access mode: open for writing only.</summary>
		public const int MODE_WRONLY = 2;
		/// <summary>File access mode: open for reading and writing.</summary>
		public const int MODE_RDWR = 4;
		/// <summary>File access mode: create the file if it does not exist (not with MODE_RDONLY).</summary>
		public const int MODE_CREATE = 8;
		/// <summary>File access mode: with MODE_CREATE, fail if the file exists (IOException).</summary>
		public const int MODE_EXCL = 16;
		/// <summary>File access mode: delete the file when it is closed.</summary>
		public const int MODE_DELETE_ON_CLOSE = 32;
		/// <summary>File access mode: the file is not opened concurrently elsewhere (a hint).</summary>
		public const int MODE_UNIQUE_OPEN = 64;
		/// <summary>File access mode: the file is accessed sequentially only (not with MODE_RDWR; explicit offsets
		/// are then refused by the MPI library).</summary>
		public const int MODE_SEQUENTIAL = 128;
		/// <summary>File access mode: the file pointers start at the end of the file.</summary>
		public const int MODE_APPEND = 256;

		// Where MPI.File.Seek counts from (native-mpi/motor-mpi.h MOTOR_SEEK_*).
		/// <summary>For <see cref="File.Seek"/>: the offset counts from the start of the view.</summary>
		public const int SEEK_SET = 0;
		/// <summary>For <see cref="File.Seek"/>: the offset counts from the individual file pointer.</summary>
		public const int SEEK_CUR = 1;
		/// <summary>For <see cref="File.Seek"/>: the offset counts from the end of the file.</summary>
		public const int SEEK_END = 2;

		/// <summary>The filetype of a file view (<see cref="File.Set_view(long, System.Type, Filetype)"/>): which etypes of
		/// the file belong to a rank's view, as a pattern that repeats through the file.  Made by <see cref="Subarray"/>,
		/// <see cref="Vector"/> or <see cref="Indexed"/>; counts and positions are in etypes.</summary>
		public sealed class Filetype
		{
			// native-mpi's MOTOR_VIEW_* and their arguments (motor_mpi_file_set_view).
			internal readonly int[] shape;

			Filetype (int[] shape)
			{
				this.shape = shape;
			}

			/// <summary>This rank's block of a global array stored in the file in row-major (C) order
			/// (MPI_Type_create_subarray): the global array has <paramref name="sizes"/> elements along each dimension,
			/// the block <paramref name="subsizes"/>, starting at <paramref name="starts"/>.  Reads and writes then move
			/// the block's elements in row-major order.</summary>
			/// <param name="sizes">The global array's length along each dimension (1 to 32 dimensions).</param>
			/// <param name="subsizes">The block's length along each dimension, at least 1.</param>
			/// <param name="starts">The block's first index along each dimension.</param>
			/// <returns>The filetype.</returns>
			/// <exception cref="ArgumentNullException">An array is null.</exception>
			/// <exception cref="ArgumentException">The arrays differ in length, or have none or more than 32
			/// entries.</exception>
			/// <exception cref="ArgumentOutOfRangeException">A size or subsize below 1, a negative start, or a block that
			/// runs past the global array.</exception>
			public static Filetype Subarray (int[] sizes, int[] subsizes, int[] starts)
			{
				return new Filetype (Shapes.Subarray ("Filetype.Subarray", sizes, subsizes, starts));
			}

			/// <summary><paramref name="count"/> blocks of <paramref name="blocklength"/> etypes, one every
			/// <paramref name="stride"/> etypes, the pattern repeating every <paramref name="count"/> x
			/// <paramref name="stride"/> etypes (MPI_Type_vector, resized).  With count 1, each rank's view holds
			/// <paramref name="blocklength"/> etypes of every <paramref name="stride"/> (the view's displacement places
			/// a rank's blocks).</summary>
			/// <param name="count">Blocks per repetition, at least 1.</param>
			/// <param name="blocklength">Etypes per block, at least 1.</param>
			/// <param name="stride">Etypes from the start of one block to the next, at least
			/// <paramref name="blocklength"/>.</param>
			/// <returns>The filetype.</returns>
			/// <exception cref="ArgumentOutOfRangeException">A count or blocklength below 1, a stride below the
			/// blocklength, or a repetition of more than int.MaxValue etypes.</exception>
			public static Filetype Vector (int count, int blocklength, int stride)
			{
				return new Filetype (Shapes.Vector ("Filetype.Vector", count, blocklength, stride, "etypes"));
			}

			/// <summary>Blocks of <paramref name="blocklengths"/> etypes at <paramref name="displacements"/> etypes
			/// (MPI_Type_indexed), in increasing order and not overlapping; the pattern, from position 0 to the end of
			/// its last block, repeats (blocks of 2 at 1 and of 3 at 6 select etypes 1, 2, 6, 7, 8, 10, 11, 15, 16, 17,
			/// ...).</summary>
			/// <param name="blocklengths">Etypes per block, 0 or more.</param>
			/// <param name="displacements">Where each block starts, in etypes; each at or after the end of the one
			/// before.</param>
			/// <returns>The filetype.</returns>
			/// <exception cref="ArgumentNullException">An array is null.</exception>
			/// <exception cref="ArgumentException">The arrays are empty or differ in length.</exception>
			/// <exception cref="ArgumentOutOfRangeException">A negative blocklength or displacement, or a block that
			/// starts before the end of the one before.</exception>
			public static Filetype Indexed (int[] blocklengths, int[] displacements)
			{
				return new Filetype (Shapes.Indexed ("Filetype.Indexed", blocklengths, displacements, "etypes"));
			}
		}

		/// <summary>A file opened collectively by the ranks of a communicator (MPI_File): reads and writes move
		/// elements straight between the file and managed buffers -- arrays of primitive types or of structs
		/// without references (of any rank), or single objects without reference fields -- with no copy.</summary>
		/// <remarks>Offsets count elements of the view's etype (<see cref="Set_view(long, Type)"/>); under the default view the
		/// etype is a byte, so offsets are in bytes.  Reads return the number of elements read, which is short of
		/// the count at the end of the file (0 at or past the end).  Collective operations (Open, Close, Set_size,
		/// Preallocate, Sync, Set_view and the _all forms) must be called by every rank of the communicator, in the
		/// same order.  Close the file when done (or dispose it); a file left open is closed when MPI is finalized,
		/// which every rank must then reach with the same files open.</remarks>
		public sealed unsafe class File : IDisposable
		{
			// native-mpi/motor-mpi.h MOTOR_FILE_*.
			internal const int WRITE = 1, AT = 2, ALL = 4, SHARED = 8;
			internal const int CTL_SET_SIZE = 0, CTL_PREALLOCATE = 1, CTL_SYNC = 2, CTL_SET_ATOMICITY = 3, CTL_AGREE = 4;
			const int Q_ATOMICITY = 0, Q_AMODE = 1, Q_GROUP = 2;
			// Motor's codes (native-mpi/errors.def) and the kinds of motor_mpi_file_error_kind.
			internal const int EFILE = Errors.EFILE, EAMODE = Errors.EAMODE, ESEQUENTIAL = Errors.ESEQUENTIAL, EACCMODE = Errors.EACCMODE;
			const int KOther = 0, KNoent = 1, KAccess = 2, KAmode = 3, KExists = 4, KInuse = 5, KNospace = 6,
				KReadonly = 7, KBadname = 8, KIo = 9, KUnsupported = 10;

			int handle;
			readonly string path;
			readonly List<Request> pending = new List<Request> ();

			File (int handle, string path)
			{
				this.handle = handle;
				this.path = path;
			}

			/// <summary>The path the file was opened with.</summary>
			public string Path { get { return path; } }

			/// <summary>Opens a file on every rank of <paramref name="comm"/> (MPI_File_open, collective): every rank
			/// must pass the same path and access mode.</summary>
			/// <param name="comm">The ranks that open the file together.</param>
			/// <param name="path">The file's path, the same on every rank.</param>
			/// <param name="amode">The access mode: exactly one of <see cref="MODE_RDONLY"/>, <see cref="MODE_WRONLY"/>
			/// and <see cref="MODE_RDWR"/>, or-ed with any of <see cref="MODE_CREATE"/>, <see cref="MODE_EXCL"/>,
			/// <see cref="MODE_DELETE_ON_CLOSE"/>, <see cref="MODE_UNIQUE_OPEN"/>, <see cref="MODE_SEQUENTIAL"/> and
			/// <see cref="MODE_APPEND"/>.</param>
			/// <returns>The open file, with the default view (bytes from offset 0).</returns>
			/// <exception cref="ArgumentNullException"><paramref name="comm"/> or <paramref name="path"/> is
			/// null.</exception>
			/// <exception cref="ArgumentException"><paramref name="path"/> is empty or holds a NUL character;
			/// <paramref name="amode"/> is not an access mode MPI allows; or the ranks passed different paths or
			/// modes.</exception>
			/// <exception cref="FileNotFoundException">The file does not exist (and MODE_CREATE was not
			/// given).</exception>
			/// <exception cref="DirectoryNotFoundException">The directory the path names does not exist.</exception>
			/// <exception cref="UnauthorizedAccessException">The file system refuses the access.</exception>
			/// <exception cref="IOException">The file exists and MODE_EXCL was given, or another I/O error.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its arguments or could not open the
			/// file (the exception there says why): the file is open on no rank.  Or <paramref name="comm"/> is an
			/// intercommunicator, or MPI has been finalized.</exception>
			/// <exception cref="ObjectDisposedException"><paramref name="comm"/> has been freed.</exception>
			/// <exception cref="OutOfMemoryException">Too many files are open in this process (1,024).</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public static File Open (Intracomm comm, string path, int amode)
			{
				return Open (comm, path, amode, null);
			}

			/// <summary>Opens a file on every rank of <paramref name="comm"/> with hints for the MPI library
			/// (MPI_File_open with an MPI_Info, collective): every rank must pass the same path and access mode.</summary>
			/// <param name="comm">The ranks that open the file together.</param>
			/// <param name="path">The file's path, the same on every rank.</param>
			/// <param name="amode">The access mode, as for <see cref="Open(Intracomm, string, int)"/>.</param>
			/// <param name="hints">Info hints (key and value, such as "cb_buffer_size" and "16777216", or "striping_factor"
			/// on Lustre): the library uses those it knows and ignores the others, and <see cref="Get_info"/> shows which
			/// are in effect.  Null or empty for none.</param>
			/// <returns>The open file, with the default view (bytes from offset 0).</returns>
			/// <exception cref="ArgumentNullException"><paramref name="comm"/>, <paramref name="path"/>, or a key or
			/// value of <paramref name="hints"/> is null.</exception>
			/// <exception cref="ArgumentException">As for <see cref="Open(Intracomm, string, int)"/>; or a hint's key is
			/// empty, a key or value holds a NUL character, or one is too long for the MPI library (MPI_MAX_INFO_KEY,
			/// MPI_MAX_INFO_VAL).</exception>
			/// <exception cref="FileNotFoundException">The file does not exist (and MODE_CREATE was not
			/// given).</exception>
			/// <exception cref="DirectoryNotFoundException">The directory the path names does not exist.</exception>
			/// <exception cref="UnauthorizedAccessException">The file system refuses the access.</exception>
			/// <exception cref="IOException">The file exists and MODE_EXCL was given, or another I/O error.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its arguments or could not open the
			/// file (the exception there says why): the file is open on no rank.  Or <paramref name="comm"/> is an
			/// intercommunicator, or MPI has been finalized.</exception>
			/// <exception cref="ObjectDisposedException"><paramref name="comm"/> has been freed.</exception>
			/// <exception cref="OutOfMemoryException">Too many files are open in this process (1,024).</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public static File Open (Intracomm comm, string path, int amode, IDictionary<string, string> hints)
			{
				if (comm == null)
					throw new ArgumentNullException ("comm");
				Exception refusal = null;
				if (path == null)
					refusal = new ArgumentNullException ("path");
				else if (path.Length == 0 || path.IndexOf ('\0') >= 0)
					refusal = new ArgumentException ("a file path must be non-empty and hold no NUL character", "path");
				Exception bad;
				byte[] hintBytes = Hints.Pack (hints, "Open", out bad);
				refusal = refusal ?? bad;
				byte[] bytes = refusal == null ? Encoding.UTF8.GetBytes (path + "\0") : new byte[1];
				int rc, h;
				fixed (byte* p = bytes)
				fixed (byte* hp = hintBytes)
					rc = MPDirect.FileOpen (comm.handle, refusal == null ? p : null, amode, refusal == null ? 0 : Errors.EARG,
						hp, out h);
				if (refusal != null && rc != Errors.ECOMM)
					throw refusal;
				if (rc == Errors.EARG && hints != null && hints.Count > 0)
					throw Hints.TooLong ("Open(\"" + path + "\")");
				if (rc != 0) {
					if (rc == EAMODE)
						throw new ArgumentException ("Open(\"" + path + "\"): access mode " + amode + " is not allowed: give exactly " +
							"one of MODE_RDONLY, MODE_WRONLY and MODE_RDWR; MODE_CREATE and MODE_EXCL need write access; " +
							"MODE_SEQUENTIAL cannot go with MODE_RDWR", "amode");
					if (rc == Errors.EMISMATCH)
						throw new ArgumentException ("Open(\"" + path + "\"): the ranks passed different paths or access " +
							"modes; MPI needs the same on every rank of the communicator", "path");
					if (rc == Errors.EINTER)
						throw new InvalidOperationException ("Open: files are opened on an intracommunicator");
					if (rc <= Errors.EPEER_BASE)
						throw new InvalidOperationException ("Open(\"" + path + "\"): " + Coll.Peer (rc) + " refused its " +
							"arguments or could not open the file (the exception there says why), so the file is open on no rank");
					throw Error (rc, "Open", path, comm, null);
				}
				return new File (h, path);
			}

			/// <summary>The hints in effect on this file, as the MPI library reports them (MPI_File_get_info, local):
			/// those given to <see cref="Open(Intracomm, string, int, IDictionary{string, string})"/> that it uses, and its
			/// own settings.</summary>
			/// <returns>A new dictionary of keys and values.</returns>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="MPIException">The MPI library reported an error.</exception>
			public IDictionary<string, string> Get_info ()
			{
				int h = Handle ("Get_info"), rc;
				var hints = Hints.Read ((byte* b, int cap, out int len) => MPDirect.FileGetInfo (h, b, cap, out len), out rc);
				if (rc != 0)
					throw Error (rc, "Get_info", path, null, null);
				return hints;
			}

			/// <summary>Gives the open file more hints (MPI_File_set_info, collective: every rank calls it with the same
			/// hints, in any order).  The library takes those it can change on an open file and ignores the others;
			/// <see cref="Get_info"/> shows the result.</summary>
			/// <param name="hints">Keys and values, as for <see cref="Open(Intracomm, string, int, IDictionary{string,
			/// string})"/>; null or empty changes nothing.</param>
			/// <exception cref="ArgumentNullException">A key or value is null.</exception>
			/// <exception cref="ArgumentException">A key is empty, or a key or value holds a NUL character or is too
			/// long for the MPI library; or the ranks passed different hints (raised on every rank).</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its hints: no rank changed any.</exception>
			/// <exception cref="MPIException">The MPI library reported an error.</exception>
			public void Set_info (IDictionary<string, string> hints)
			{
				int h = Handle ("Set_info");
				int rc = Hints.Set (hints, "Set_info(\"" + path + "\")", "pass the same keys and values on every rank (the " +
					"MPI library checks some of them with collective calls of its own, which ranks given different keys would " +
					"not make alike)", (p, verdict) => MPDirect.FileSetInfo (h, p, verdict));
				if (rc != 0)
					throw Error (rc, "Set_info", path, null, null);
			}

			/// <summary>Closes the file on every rank (MPI_File_close, collective), after completing its non-blocking
			/// operations still in flight.  Closing a closed file does nothing.</summary>
			/// <exception cref="IOException">The MPI library failed to close the file (the data written may not all
			/// be on disk).</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public void Close ()
			{
				int h = Interlocked.Exchange (ref handle, -1);
				if (h < 0)
					return;
				FinishPending ();
				int rc = MPDirect.FileClose (h);
				if (rc != 0 && rc != EFILE && !MPI.Is_finalized ())
					throw Error (rc, "Close", path, null, null);
			}

			/// <summary>Closes the file (<see cref="Close"/>): collective, like Close.</summary>
			public void Dispose ()
			{
				Close ();
			}

			/// <summary>Deletes a file (MPI_File_delete), on this rank only.</summary>
			/// <param name="path">The file's path.</param>
			/// <exception cref="ArgumentNullException"><paramref name="path"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="path"/> is empty or holds a NUL
			/// character.</exception>
			/// <exception cref="FileNotFoundException">The file does not exist.</exception>
			/// <exception cref="DirectoryNotFoundException">The directory the path names does not exist.</exception>
			/// <exception cref="UnauthorizedAccessException">The file system refuses to delete it.</exception>
			/// <exception cref="IOException">Another I/O error (the file is open, ...).</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public static void Delete (string path)
			{
				if (path == null)
					throw new ArgumentNullException ("path");
				if (path.Length == 0 || path.IndexOf ('\0') >= 0)
					throw new ArgumentException ("a file path must be non-empty and hold no NUL character", "path");
				byte[] bytes = Encoding.UTF8.GetBytes (path + "\0");
				int rc;
				fixed (byte* p = bytes)
					rc = MPDirect.FileDelete (p);
				if (rc != 0)
					throw Error (rc, "Delete", path, null, null);
			}

			/// <summary>The file's size in bytes (MPI_File_get_size), on this rank.</summary>
			/// <returns>The size in bytes.</returns>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="MPIException">The MPI library reported an error.</exception>
			public long Get_size ()
			{
				long size;
				int rc = MPDirect.FileGetSize (Handle ("Get_size"), out size);
				if (rc != 0)
					throw Error (rc, "Get_size", path, null, null);
				return size;
			}

			/// <summary>Moves this rank's individual file pointer, the position <see cref="Read(object)"/> and <see
			/// cref="Write(object)"/> use (MPI_File_seek, local).  Positions count elements of the view's etype from the
			/// start of the view (<see cref="Set_view(long, Type)"/>; bytes from the start of the file without one).</summary>
			/// <param name="offset">The offset in etypes, relative to <paramref name="whence"/>; may be negative.</param>
			/// <param name="whence"><see cref="MPI.SEEK_SET"/> (from the start of the view), <see cref="MPI.SEEK_CUR"/>
			/// (from the pointer) or <see cref="MPI.SEEK_END"/> (from the end of the file: the first etype that starts at
			/// or past it).</param>
			/// <remarks>A position past the end of the file is allowed: a read there returns 0 elements, a write
			/// extends the file.</remarks>
			/// <exception cref="ArgumentException"><paramref name="whence"/> is none of the three.</exception>
			/// <exception cref="ArgumentOutOfRangeException">The new position would lie before the start of the
			/// view (or past the largest position a long holds).</exception>
			/// <exception cref="NotSupportedException">The file was opened MODE_SEQUENTIAL (it has no individual file
			/// pointer to move).</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="MPIException">The MPI library reported an error.</exception>
			public void Seek (long offset, int whence)
			{
				int rc = MPDirect.FileSeek (Handle ("Seek"), offset, whence);
				if (rc != 0)
					throw SeekError (rc, "Seek", offset, whence);
			}

			// The exception for code rc of Seek or Seek_shared (op).
			Exception SeekError (int rc, string op, long offset, int whence)
			{
				switch (rc) {
				case Errors.EARG:
					return new ArgumentException (op + ": whence must be MPI.SEEK_SET, MPI.SEEK_CUR or MPI.SEEK_END, not " +
						whence, "whence");
				case Errors.EPOSITION:
					return new ArgumentOutOfRangeException ("offset", offset, op + ": the new position would lie before the " +
						"start of the view (or past the largest position; whence " + whence + ")");
				case Errors.EMISMATCH:
					return new ArgumentException (op + "(\"" + path + "\"): the ranks asked for different positions (MPI " +
						"requires the same offset and whence on every rank), so no rank moved the shared pointer", "offset");
				case ESEQUENTIAL:
					return new NotSupportedException (op + "(\"" + path + "\"): a file opened with MODE_SEQUENTIAL cannot be " +
						"repositioned");
				default:
					return Error (rc, op, path, null, null);
				}
			}

			/// <summary>This rank's individual file pointer, in etypes from the start of the view
			/// (MPI_File_get_position, local).</summary>
			/// <returns>The position.</returns>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="MPIException">The MPI library reported an error.</exception>
			public long Get_position ()
			{
				long pos;
				return Value (MPDirect.FileGetPosition (Handle ("Get_position"), out pos), pos, "Get_position");
			}

			long Value (int rc, long value, string op)
			{
				if (rc != 0)
					throw Error (rc, op, path, null, null);
				return value;
			}

			/// <summary>Where position <paramref name="offset"/> of this rank's view lies in the file, in bytes from its
			/// start (MPI_File_get_byte_offset, local).</summary>
			/// <param name="offset">A position in etypes from the start of the view.</param>
			/// <returns>The byte offset.</returns>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="MPIException">The MPI library reported an error.</exception>
			public long Get_byte_offset (long offset)
			{
				long bytes;
				int rc = MPDirect.FileGetByteOffset (Handle ("Get_byte_offset"), offset, out bytes);
				if (rc == Errors.EPOSITION)
					throw new ArgumentOutOfRangeException ("offset", offset, "Get_byte_offset: the position must not be negative");
				if (rc != 0)
					throw Error (rc, "Get_byte_offset", path, null, null);
				return bytes;
			}

			/// <summary>Truncates or extends the file to <paramref name="size"/> bytes (MPI_File_set_size,
			/// collective: the same size on every rank).</summary>
			/// <param name="size">The new size in bytes.</param>
			/// <exception cref="ArgumentException">The ranks passed different sizes (nothing was done on any rank).</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="size"/> is negative.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
			/// <exception cref="IOException">The file system refused (no space, read-only, ...).</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public void Set_size (long size)
			{
				Ctl (CTL_SET_SIZE, size, "Set_size", "size");
			}

			/// <summary>Makes sure the first <paramref name="size"/> bytes of the file have storage
			/// (MPI_File_preallocate, collective: the same size on every rank); the file grows to at least that
			/// size.</summary>
			/// <param name="size">Bytes to allocate from the start of the file.</param>
			/// <exception cref="ArgumentException">The ranks passed different sizes (nothing was done on any rank).</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="size"/> is negative.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
			/// <exception cref="IOException">The file system refused (no space, read-only, ...).</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public void Preallocate (long size)
			{
				Ctl (CTL_PREALLOCATE, size, "Preallocate", "size");
			}

			/// <summary>Writes what this process has written to the file to storage, and makes the writes of every
			/// rank visible to the others (MPI_File_sync, collective).</summary>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public void Sync ()
			{
				Ctl (CTL_SYNC, 0, "Sync", null);
			}

			/// <summary>Sets the file's consistency semantics (MPI_File_set_atomicity, collective: the same flag on every
			/// rank).  In atomic mode a rank's write is seen whole or not at all by the others' concurrent reads and
			/// writes of the same bytes, and is visible to them once it returns; in the default nonatomic mode
			/// concurrent overlapping accesses have no defined result, and a write becomes visible to other ranks only
			/// after a <see cref="Sync"/> (or Close and Open) on both.</summary>
			/// <param name="flag">true for atomic mode.</param>
			/// <exception cref="ArgumentException">The ranks passed different flags (the mode is unchanged on
			/// every rank).</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public void Set_atomicity (bool flag)
			{
				Ctl (CTL_SET_ATOMICITY, flag ? 1 : 0, "Set_atomicity", "flag");
			}

			/// <summary>Whether the file is in atomic mode (MPI_File_get_atomicity; see
			/// <see cref="Set_atomicity"/>).</summary>
			/// <returns>true in atomic mode, false in the default nonatomic mode.</returns>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="MPIException">The MPI library reported an error.</exception>
			public bool Get_atomicity ()
			{
				return Query (Q_ATOMICITY, "Get_atomicity") != 0;
			}

			/// <summary>The access mode the file was opened with (MPI_File_get_amode): the MPI.MODE_ flags given to
			/// Open, combined with |.</summary>
			/// <returns>The access mode.</returns>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			public int Get_amode ()
			{
				return (int) Query (Q_AMODE, "Get_amode");
			}

			/// <summary>The group of the ranks that opened the file (MPI_File_get_group): the ranks of the communicator
			/// given to Open, in its order.  Free it when done.</summary>
			/// <returns>A new group.</returns>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="MPIException">The MPI library reported an error.</exception>
			public Group Get_group ()
			{
				return new Group ((int) Query (Q_GROUP, "Get_group"));
			}

			long Query (int what, string op)
			{
				long value;
				int rc = MPDirect.FileQuery (Handle (op), what, out value);
				if (rc != 0)
					throw Error (rc, op, path, null, null);
				return value;
			}

			/// <summary>Sets this rank's view of the file (MPI_File_set_view, collective): the file starts
			/// <paramref name="disp"/> bytes in, and consists of elements of <paramref name="etype"/>, so that
			/// offsets count elements.  Resets the file pointers to 0.</summary>
			/// <param name="disp">Where the view starts, in bytes from the start of the file (each rank may pass its
			/// own).</param>
			/// <param name="etype">The element type: a primitive type (int, double, ...) or a struct without
			/// references; data are stored in the machine's native representation.</param>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="disp"/> is negative.</exception>
			/// <exception cref="ArgumentNullException"><paramref name="etype"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="etype"/> is neither a primitive type nor a struct
			/// without references.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public void Set_view (long disp, Type etype)
			{
				Set_view (disp, etype, null);
			}

			/// <summary>Sets this rank's view of the file with a filetype (MPI_File_set_view, collective): the view
			/// starts <paramref name="disp"/> bytes in and holds the etypes <paramref name="filetype"/> selects, repeated
			/// through the file, so that each rank reads and writes its own part of a shared file -- a block of a
			/// global array (<see cref="Filetype.Subarray"/>), every n-th run of elements (<see cref="Filetype.Vector"/>),
			/// or runs at given places (<see cref="Filetype.Indexed"/>).  Offsets count etypes of the view; the file
			/// pointers go back to 0.  Under such a view every buffer must be an array of <paramref name="etype"/>
			/// itself.</summary>
			/// <param name="disp">Where the view starts, in bytes from the start of the file (each rank may pass its
			/// own).</param>
			/// <param name="etype">The element type: a primitive type (int, double, ...) or a struct without
			/// references; data are stored in the machine's native representation.</param>
			/// <param name="filetype">Which etypes the view holds; null for all of them (a contiguous view, as
			/// <see cref="Set_view(long, Type)"/>).</param>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="disp"/> is negative.</exception>
			/// <exception cref="ArgumentNullException"><paramref name="etype"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="etype"/> is neither a primitive type nor a struct
			/// without references, or the MPI library refused the filetype.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public void Set_view (long disp, Type etype, Filetype filetype)
			{
				int h = Handle ("Set_view");
				if (disp < 0) {
					MPDirect.FileCtl (h, CTL_AGREE, 0, Errors.EARG);
					throw new ArgumentOutOfRangeException ("disp", disp, "Set_view: the displacement must not be negative");
				}
				int rc = MPDirect.FileSetView (h, disp, etype, filetype == null ? null : filetype.shape, 0);
				if (rc == Errors.EARG)
					throw new ArgumentException ("Set_view: the MPI library refused the filetype", "filetype");
				if (rc == Errors.ENULL)
					throw new ArgumentNullException ("etype");
				if (rc == Errors.EBUFTYPE)
					throw new ArgumentException ("Set_view: " + (etype.FullName ?? etype.Name) + " cannot be an etype: only primitive " +
						"types and structs without references can", "etype");
				if (rc != 0)
					throw Error (rc, "Set_view", path, null, null);
			}

			/// <summary>Reads into the whole of <paramref name="buf"/> at the individual file pointer, which
			/// advances past what was read (MPI_File_read).</summary>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The number of elements read: fewer than the buffer holds at the end of the file.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="NotSupportedException">The file was opened MODE_SEQUENTIAL (only the shared file
			/// pointer may be used).</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Read (object buf) { return Rw (0, 0, buf, 0, Whole, "Read"); }
			/// <summary>Reads into <paramref name="count"/> elements of array <paramref name="buf"/> from element
			/// <paramref name="bufOffset"/>, at the individual file pointer (MPI_File_read).</summary>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to read into.</param>
			/// <param name="count">The number of elements to read.</param>
			/// <returns>The number of elements read.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="bufOffset"/> or <paramref name="count"/>
			/// is negative or runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Read (object buf, int bufOffset, int count) { return Rw (0, 0, buf, bufOffset, count, "Read"); }

			/// <summary>Writes the whole of <paramref name="buf"/> at the individual file pointer, which advances
			/// past what was written (MPI_File_write).</summary>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The number of elements written.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="IOException">The file system reported an error, or the file was opened
			/// read-only.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Write (object buf) { return Rw (WRITE, 0, buf, 0, Whole, "Write"); }
			/// <summary>Writes <paramref name="count"/> elements of array <paramref name="buf"/> from element
			/// <paramref name="bufOffset"/>, at the individual file pointer (MPI_File_write).</summary>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to write.</param>
			/// <param name="count">The number of elements to write.</param>
			/// <returns>The number of elements written.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="bufOffset"/> or <paramref name="count"/>
			/// is negative or runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Write (object buf, int bufOffset, int count) { return Rw (WRITE, 0, buf, bufOffset, count, "Write"); }

			/// <summary>Reads into the whole of <paramref name="buf"/> at <paramref name="offset"/>
			/// (MPI_File_read_at); the file pointer does not move.</summary>
			/// <param name="offset">Where to read, in etypes of the view (bytes under the default view).</param>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The number of elements read: fewer than the buffer holds at the end of the file, 0 at or past
			/// it.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="NotSupportedException">The file was opened MODE_SEQUENTIAL (only the shared file
			/// pointer may be used).</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Read_at (long offset, object buf) { return Rw (AT, offset, buf, 0, Whole, "Read_at"); }
			/// <summary>Reads into <paramref name="count"/> elements of array <paramref name="buf"/> from element
			/// <paramref name="bufOffset"/>, at <paramref name="offset"/> (MPI_File_read_at).</summary>
			/// <param name="offset">Where to read, in etypes of the view (bytes under the default view).</param>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to read into.</param>
			/// <param name="count">The number of elements to read.</param>
			/// <returns>The number of elements read.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative, or <paramref
			/// name="bufOffset"/> or <paramref name="count"/> is negative or runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Read_at (long offset, object buf, int bufOffset, int count) { return Rw (AT, offset, buf, bufOffset, count, "Read_at"); }

			/// <summary>Writes the whole of <paramref name="buf"/> at <paramref name="offset"/>
			/// (MPI_File_write_at); the file pointer does not move.</summary>
			/// <param name="offset">Where to write, in etypes of the view (bytes under the default view).</param>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The number of elements written.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_RDONLY.</exception>
			/// <exception cref="NotSupportedException">The file was opened MODE_SEQUENTIAL (only the shared file
			/// pointer may be used).</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Write_at (long offset, object buf) { return Rw (AT | WRITE, offset, buf, 0, Whole, "Write_at"); }
			/// <summary>Writes <paramref name="count"/> elements of array <paramref name="buf"/> from element
			/// <paramref name="bufOffset"/>, at <paramref name="offset"/> (MPI_File_write_at).</summary>
			/// <param name="offset">Where to write, in etypes of the view (bytes under the default view).</param>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to write.</param>
			/// <param name="count">The number of elements to write.</param>
			/// <returns>The number of elements written.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative, or <paramref
			/// name="bufOffset"/> or <paramref name="count"/> is negative or runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Write_at (long offset, object buf, int bufOffset, int count) { return Rw (AT | WRITE, offset, buf, bufOffset, count, "Write_at"); }

			/// <summary>Reads into the whole of <paramref name="buf"/> at the individual file pointer, collectively
			/// (MPI_File_read_all): every rank calls it, each with its own buffer.</summary>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The number of elements this rank read.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its arguments, so no rank
			/// read.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Read_all (object buf) { return Rw (ALL, 0, buf, 0, Whole, "Read_all"); }
			/// <summary>Reads into <paramref name="count"/> elements of array <paramref name="buf"/> from element
			/// <paramref name="bufOffset"/> at the individual file pointer, collectively (MPI_File_read_all).</summary>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to read into.</param>
			/// <param name="count">The number of elements to read.</param>
			/// <returns>The number of elements this rank read.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="bufOffset"/> or <paramref name="count"/>
			/// is negative or runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its arguments, so no rank
			/// read.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Read_all (object buf, int bufOffset, int count) { return Rw (ALL, 0, buf, bufOffset, count, "Read_all"); }

			/// <summary>Writes the whole of <paramref name="buf"/> at the individual file pointer, collectively
			/// (MPI_File_write_all): every rank calls it, each with its own buffer.</summary>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The number of elements this rank wrote.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its arguments, so no rank
			/// wrote.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Write_all (object buf) { return Rw (ALL | WRITE, 0, buf, 0, Whole, "Write_all"); }
			/// <summary>Writes <paramref name="count"/> elements of array <paramref name="buf"/> from element
			/// <paramref name="bufOffset"/> at the individual file pointer, collectively (MPI_File_write_all).</summary>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to write.</param>
			/// <param name="count">The number of elements to write.</param>
			/// <returns>The number of elements this rank wrote.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="bufOffset"/> or <paramref name="count"/>
			/// is negative or runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its arguments, so no rank
			/// wrote.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Write_all (object buf, int bufOffset, int count) { return Rw (ALL | WRITE, 0, buf, bufOffset, count, "Write_all"); }

			/// <summary>Reads into the whole of <paramref name="buf"/> at <paramref name="offset"/>, collectively
			/// (MPI_File_read_at_all): every rank calls it, each with its own offset and buffer.</summary>
			/// <param name="offset">Where this rank reads, in etypes of the view (bytes under the default
			/// view).</param>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The number of elements this rank read (0 at or past the end of the file).</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its arguments, so no rank
			/// read.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Read_at_all (long offset, object buf) { return Rw (ALL | AT, offset, buf, 0, Whole, "Read_at_all"); }
			/// <summary>Reads into <paramref name="count"/> elements of array <paramref name="buf"/> from element
			/// <paramref name="bufOffset"/> at <paramref name="offset"/>, collectively (MPI_File_read_at_all).</summary>
			/// <param name="offset">Where this rank reads, in etypes of the view (bytes under the default
			/// view).</param>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to read into.</param>
			/// <param name="count">The number of elements to read.</param>
			/// <returns>The number of elements this rank read.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative, or <paramref
			/// name="bufOffset"/> or <paramref name="count"/> is negative or runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its arguments, so no rank
			/// read.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Read_at_all (long offset, object buf, int bufOffset, int count) { return Rw (ALL | AT, offset, buf, bufOffset, count, "Read_at_all"); }

			/// <summary>Writes the whole of <paramref name="buf"/> at <paramref name="offset"/>, collectively
			/// (MPI_File_write_at_all): every rank calls it, each with its own offset and buffer.</summary>
			/// <param name="offset">Where this rank writes, in etypes of the view (bytes under the default
			/// view).</param>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The number of elements this rank wrote.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its arguments, so no rank
			/// wrote.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Write_at_all (long offset, object buf) { return Rw (ALL | AT | WRITE, offset, buf, 0, Whole, "Write_at_all"); }
			/// <summary>Writes <paramref name="count"/> elements of array <paramref name="buf"/> from element
			/// <paramref name="bufOffset"/> at <paramref name="offset"/>, collectively
			/// (MPI_File_write_at_all).</summary>
			/// <param name="offset">Where this rank writes, in etypes of the view (bytes under the default
			/// view).</param>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to write.</param>
			/// <param name="count">The number of elements to write.</param>
			/// <returns>The number of elements this rank wrote.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative, or <paramref
			/// name="bufOffset"/> or <paramref name="count"/> is negative or runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its arguments, so no rank
			/// wrote.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Write_at_all (long offset, object buf, int bufOffset, int count) { return Rw (ALL | AT | WRITE, offset, buf, bufOffset, count, "Write_at_all"); }

			/// <summary>Starts reading into the whole of <paramref name="buf"/> at the individual file pointer
			/// (MPI_File_iread).  The pointer advances at once, past what will be read (a read that meets the end of
			/// the file is cut there first).  The runtime keeps the buffer in place and alive until the read completes,
			/// even if the Request is dropped; do not touch the buffer until then.</summary>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The request; <see cref="Request.Wait(Status)"/> fills a Status whose <see
			/// cref="Status.Get_count"/> is the number of elements read.  It cannot be cancelled.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="IOException">The MPI library refused the read.</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iread (object buf) { return Iat (0, 0, buf, 0, Whole, "Iread"); }

			/// <summary>Starts reading into <paramref name="count"/> elements of array <paramref name="buf"/> from
			/// element <paramref name="bufOffset"/>, at the individual file pointer (MPI_File_iread), as <see
			/// cref="Iread(object)"/>.</summary>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to fill.</param>
			/// <param name="count">How many elements to read.</param>
			/// <returns>The request, as for <see cref="Iread(object)"/>.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="bufOffset"/> or <paramref name="count"/>
			/// is negative, or they run past the end of <paramref name="buf"/>.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="IOException">The MPI library refused the read.</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iread (object buf, int bufOffset, int count) { return Iat (0, 0, buf, bufOffset, count, "Iread"); }

			/// <summary>Starts writing the whole of <paramref name="buf"/> at the individual file pointer
			/// (MPI_File_iwrite), which advances at once past it.  The runtime keeps the buffer in place and alive until
			/// the write completes, even if the Request is dropped; do not change the buffer until then.</summary>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The request; the Status of its Wait counts the elements written.  It cannot be
			/// cancelled.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_RDONLY.</exception>
			/// <exception cref="IOException">The MPI library refused the write.</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iwrite (object buf) { return Iat (WRITE, 0, buf, 0, Whole, "Iwrite"); }

			/// <summary>Starts writing <paramref name="count"/> elements of array <paramref name="buf"/> from element
			/// <paramref name="bufOffset"/> at the individual file pointer (MPI_File_iwrite), as <see
			/// cref="Iwrite(object)"/>.</summary>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to write.</param>
			/// <param name="count">How many elements to write.</param>
			/// <returns>The request, as for <see cref="Iwrite(object)"/>.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="bufOffset"/> or <paramref name="count"/>
			/// is negative, or they run past the end of <paramref name="buf"/>.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_RDONLY.</exception>
			/// <exception cref="IOException">The MPI library refused the write.</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iwrite (object buf, int bufOffset, int count) { return Iat (WRITE, 0, buf, bufOffset, count, "Iwrite"); }

			/// <summary>Starts reading into the whole of <paramref name="buf"/> at <paramref name="offset"/>
			/// (MPI_File_iread_at).  The runtime keeps the buffer in place and alive until the read completes, even if
			/// the Request is dropped; do not touch the buffer until then.</summary>
			/// <param name="offset">Where to read, in etypes of the view (bytes under the default view).</param>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The request; <see cref="Request.Wait(Status)"/> fills a Status whose <see
			/// cref="Status.Get_count"/> is the number of elements read.  It cannot be cancelled.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="IOException">The MPI library refused the read (write-only file, ...).</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iread_at (long offset, object buf) { return Iat (AT, offset, buf, 0, Whole, "Iread_at"); }
			/// <summary>Starts reading into <paramref name="count"/> elements of array <paramref name="buf"/> from
			/// element <paramref name="bufOffset"/>, at <paramref name="offset"/> (MPI_File_iread_at).  The buffer is
			/// kept in place and alive until the read completes.</summary>
			/// <param name="offset">Where to read, in etypes of the view (bytes under the default view).</param>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to read into.</param>
			/// <param name="count">The number of elements to read.</param>
			/// <returns>The request; the Status of its Wait counts the elements read.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative, or <paramref
			/// name="bufOffset"/> or <paramref name="count"/> is negative or runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="IOException">The MPI library refused the read.</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iread_at (long offset, object buf, int bufOffset, int count) { return Iat (AT, offset, buf, bufOffset, count, "Iread_at"); }

			/// <summary>Starts writing the whole of <paramref name="buf"/> at <paramref name="offset"/>
			/// (MPI_File_iwrite_at).  The runtime keeps the buffer in place and alive until the write completes, even
			/// if the Request is dropped; do not change the buffer until then.</summary>
			/// <param name="offset">Where to write, in etypes of the view (bytes under the default view).</param>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The request; the Status of its Wait counts the elements written.  It cannot be
			/// cancelled.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="IOException">The MPI library refused the write (read-only file, ...).</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iwrite_at (long offset, object buf) { return Iat (AT | WRITE, offset, buf, 0, Whole, "Iwrite_at"); }
			/// <summary>Starts writing <paramref name="count"/> elements of array <paramref name="buf"/> from element
			/// <paramref name="bufOffset"/>, at <paramref name="offset"/> (MPI_File_iwrite_at).  The buffer is kept in
			/// place and alive until the write completes.</summary>
			/// <param name="offset">Where to write, in etypes of the view (bytes under the default view).</param>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to write.</param>
			/// <param name="count">The number of elements to write.</param>
			/// <returns>The request; the Status of its Wait counts the elements written.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative, or <paramref
			/// name="bufOffset"/> or <paramref name="count"/> is negative or runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="IOException">The MPI library refused the write.</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iwrite_at (long offset, object buf, int bufOffset, int count) { return Iat (AT | WRITE, offset, buf, bufOffset, count, "Iwrite_at"); }

			// ---- the shared paths ----------------------------------------------------------------------------

			// The count of the whole-buffer forms (the internal calls' -1, which a program's count must never become).
			/// <summary>Reads into the whole of <paramref name="buf"/> at the shared file pointer, which every rank of the file
			/// moves: each call reads the next elements, in whatever order the ranks come (MPI_File_read_shared, independent).
			/// A read that meets the end of the file returns fewer elements.</summary>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The number of elements this rank read.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Read_shared (object buf) { return Rw (SHARED, 0, buf, 0, Whole, "Read_shared"); }
			/// <summary>Reads into <paramref name="count"/> elements of array <paramref name="buf"/> from element <paramref
			/// name="bufOffset"/> at the shared file pointer, which every rank of the file moves: each call reads the next
			/// elements, in whatever order the ranks come (MPI_File_read_shared, independent).  A read that meets the end of
			/// the file returns fewer elements.</summary>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to read into.</param>
			/// <param name="count">The number of elements to read.</param>
			/// <returns>The number of elements this rank read.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="bufOffset"/> or <paramref name="count"/>
			/// is negative or runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Read_shared (object buf, int bufOffset, int count) { return Rw (SHARED, 0, buf, bufOffset, count, "Read_shared"); }

			/// <summary>Writes the whole of <paramref name="buf"/> at the shared file pointer, which every rank of the file
			/// moves: each call writes after the last, in whatever order the ranks come (MPI_File_write_shared,
			/// independent).</summary>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The number of elements this rank wrote.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_RDONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Write_shared (object buf) { return Rw (SHARED | WRITE, 0, buf, 0, Whole, "Write_shared"); }
			/// <summary>Writes <paramref name="count"/> elements of array <paramref name="buf"/> from element <paramref
			/// name="bufOffset"/> at the shared file pointer, which every rank of the file moves: each call writes after the
			/// last, in whatever order the ranks come (MPI_File_write_shared, independent).</summary>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to write.</param>
			/// <param name="count">The number of elements to write.</param>
			/// <returns>The number of elements this rank wrote.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="bufOffset"/> or <paramref name="count"/>
			/// is negative or runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_RDONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Write_shared (object buf, int bufOffset, int count) { return Rw (SHARED | WRITE, 0, buf, bufOffset, count, "Write_shared"); }

			/// <summary>Reads into the whole of <paramref name="buf"/> at the shared file pointer in rank order, collectively:
			/// rank 0 reads first, then rank 1 the elements after rank 0's, and so on; the shared pointer then lies past all of
			/// them (MPI_File_read_ordered).  Every rank of the file must call it.</summary>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The number of elements this rank read.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its arguments, so no rank read.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Read_ordered (object buf) { return Rw (SHARED | ALL, 0, buf, 0, Whole, "Read_ordered"); }
			/// <summary>Reads into <paramref name="count"/> elements of array <paramref name="buf"/> from element <paramref
			/// name="bufOffset"/> at the shared file pointer in rank order, collectively: rank 0 reads first, then rank 1 the
			/// elements after rank 0's, and so on; the shared pointer then lies past all of them (MPI_File_read_ordered).
			/// Every rank of the file must call it.</summary>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to read into.</param>
			/// <param name="count">The number of elements to read.</param>
			/// <returns>The number of elements this rank read.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="bufOffset"/> or <paramref name="count"/>
			/// is negative or runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its arguments, so no rank read.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Read_ordered (object buf, int bufOffset, int count) { return Rw (SHARED | ALL, 0, buf, bufOffset, count, "Read_ordered"); }

			/// <summary>Writes the whole of <paramref name="buf"/> at the shared file pointer in rank order, collectively: rank
			/// 0's elements first, then rank 1's, and so on; the shared pointer then lies past all of them
			/// (MPI_File_write_ordered).  Every rank of the file must call it.</summary>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The number of elements this rank wrote.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_RDONLY.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its arguments, so no rank wrote.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Write_ordered (object buf) { return Rw (SHARED | ALL | WRITE, 0, buf, 0, Whole, "Write_ordered"); }
			/// <summary>Writes <paramref name="count"/> elements of array <paramref name="buf"/> from element <paramref
			/// name="bufOffset"/> at the shared file pointer in rank order, collectively: rank 0's elements first, then rank
			/// 1's, and so on; the shared pointer then lies past all of them (MPI_File_write_ordered).  Every rank of the file
			/// must call it.</summary>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to write.</param>
			/// <param name="count">The number of elements to write.</param>
			/// <returns>The number of elements this rank wrote.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="bufOffset"/> or <paramref name="count"/>
			/// is negative or runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_RDONLY.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its arguments, so no rank wrote.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public int Write_ordered (object buf, int bufOffset, int count) { return Rw (SHARED | ALL | WRITE, 0, buf, bufOffset, count, "Write_ordered"); }

			/// <summary>Starts reading into the whole of <paramref name="buf"/> at the shared file pointer, which advances at
			/// the call (MPI_File_iread_shared).  The runtime keeps the buffer in place and alive until the read completes,
			/// even if the Request is dropped; do not touch the buffer until then.</summary>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The request; <see cref="Request.Wait(Status)"/> fills a Status whose <see cref="Status.Get_count"/> is
			/// the number of elements read.  It cannot be cancelled.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iread_shared (object buf) { return Iat (SHARED, 0, buf, 0, Whole, "Iread_shared"); }
			/// <summary>Starts reading into <paramref name="count"/> elements of array <paramref name="buf"/> from element
			/// <paramref name="bufOffset"/> at the shared file pointer, which advances at the call (MPI_File_iread_shared).
			/// The runtime keeps the buffer in place and alive until the read completes, even if the Request is dropped; do not
			/// touch the buffer until then.</summary>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to read into.</param>
			/// <param name="count">The number of elements to read.</param>
			/// <returns>The request; <see cref="Request.Wait(Status)"/> fills a Status whose <see cref="Status.Get_count"/> is
			/// the number of elements read.  It cannot be cancelled.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="bufOffset"/> or <paramref name="count"/>
			/// is negative or runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iread_shared (object buf, int bufOffset, int count) { return Iat (SHARED, 0, buf, bufOffset, count, "Iread_shared"); }

			/// <summary>Starts writing the whole of <paramref name="buf"/> at the shared file pointer, which advances at the
			/// call (MPI_File_iwrite_shared).  The runtime keeps the buffer in place and alive until the write completes, even
			/// if the Request is dropped; do not change the buffer until then.</summary>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The request; <see cref="Request.Wait(Status)"/> fills a Status whose <see cref="Status.Get_count"/> is
			/// the number of elements written.  It cannot be cancelled.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_RDONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iwrite_shared (object buf) { return Iat (SHARED | WRITE, 0, buf, 0, Whole, "Iwrite_shared"); }
			/// <summary>Starts writing <paramref name="count"/> elements of array <paramref name="buf"/> from element <paramref
			/// name="bufOffset"/> at the shared file pointer, which advances at the call (MPI_File_iwrite_shared).  The runtime
			/// keeps the buffer in place and alive until the write completes, even if the Request is dropped; do not change the
			/// buffer until then.</summary>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to write.</param>
			/// <param name="count">The number of elements to write.</param>
			/// <returns>The request; <see cref="Request.Wait(Status)"/> fills a Status whose <see cref="Status.Get_count"/> is
			/// the number of elements written.  It cannot be cancelled.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="bufOffset"/> or <paramref name="count"/>
			/// is negative or runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_RDONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iwrite_shared (object buf, int bufOffset, int count) { return Iat (SHARED | WRITE, 0, buf, bufOffset, count, "Iwrite_shared"); }

			/// <summary>Starts reading into the whole of <paramref name="buf"/> at <paramref name="offset"/>, collectively and
			/// without waiting for the other ranks (MPI_File_iread_at_all): every rank of the file must call it, in the same
			/// order as the file's other collective operations.  The ranks agree on their arguments in the background; the data
			/// moves once every rank has posted, and a read that meets the end of the file is cut there first.  The runtime
			/// keeps the buffer in place and alive until the operation completes, even if the Request is dropped; do not touch
			/// the buffer until then.</summary>
			/// <param name="offset">Where to read, in etypes of the view.</param>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The request; <see cref="Request.Wait(Status)"/> fills a Status whose <see cref="Status.Get_count"/> is
			/// the number of elements read here.  If another rank refused its arguments, Wait raises InvalidOperationException
			/// naming it (no rank moved data).  It cannot be cancelled.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="NotSupportedException">The file was opened MODE_SEQUENTIAL.</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iread_at_all (long offset, object buf) { return Iall (AT, offset, buf, 0, Whole, "Iread_at_all"); }
			/// <summary>Starts reading into <paramref name="count"/> elements of array <paramref name="buf"/> from element
			/// <paramref name="bufOffset"/> at <paramref name="offset"/>, collectively and without waiting for the other ranks
			/// (MPI_File_iread_at_all): every rank of the file must call it, in the same order as the file's other collective
			/// operations.  The ranks agree on their arguments in the background; the data moves once every rank has posted,
			/// and a read that meets the end of the file is cut there first.  The runtime keeps the buffer in place and alive
			/// until the operation completes, even if the Request is dropped; do not touch the buffer until then.</summary>
			/// <param name="offset">Where to read, in etypes of the view.</param>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to read into.</param>
			/// <param name="count">The number of elements to read.</param>
			/// <returns>The request; <see cref="Request.Wait(Status)"/> fills a Status whose <see cref="Status.Get_count"/> is
			/// the number of elements read here.  If another rank refused its arguments, Wait raises InvalidOperationException
			/// naming it (no rank moved data).  It cannot be cancelled.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/>, <paramref name="bufOffset"/> or
			/// <paramref name="count"/> is negative, or the range runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="NotSupportedException">The file was opened MODE_SEQUENTIAL.</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iread_at_all (long offset, object buf, int bufOffset, int count) { return Iall (AT, offset, buf, bufOffset, count, "Iread_at_all"); }

			/// <summary>Starts writing the whole of <paramref name="buf"/> at <paramref name="offset"/>, collectively and
			/// without waiting for the other ranks (MPI_File_iwrite_at_all): every rank of the file must call it, in the same
			/// order as the file's other collective operations.  The ranks agree on their arguments in the background; the data
			/// moves once every rank has posted.  The runtime keeps the buffer in place and alive until the operation
			/// completes, even if the Request is dropped; do not change the buffer until then.</summary>
			/// <param name="offset">Where to write, in etypes of the view.</param>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The request; <see cref="Request.Wait(Status)"/> fills a Status whose <see cref="Status.Get_count"/> is
			/// the number of elements written here.  If another rank refused its arguments, Wait raises
			/// InvalidOperationException naming it (no rank moved data).  It cannot be cancelled.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_RDONLY.</exception>
			/// <exception cref="NotSupportedException">The file was opened MODE_SEQUENTIAL.</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iwrite_at_all (long offset, object buf) { return Iall (AT | WRITE, offset, buf, 0, Whole, "Iwrite_at_all"); }
			/// <summary>Starts writing <paramref name="count"/> elements of array <paramref name="buf"/> from element <paramref
			/// name="bufOffset"/> at <paramref name="offset"/>, collectively and without waiting for the other ranks
			/// (MPI_File_iwrite_at_all): every rank of the file must call it, in the same order as the file's other collective
			/// operations.  The ranks agree on their arguments in the background; the data moves once every rank has posted.
			/// The runtime keeps the buffer in place and alive until the operation completes, even if the Request is dropped;
			/// do not change the buffer until then.</summary>
			/// <param name="offset">Where to write, in etypes of the view.</param>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to write.</param>
			/// <param name="count">The number of elements to write.</param>
			/// <returns>The request; <see cref="Request.Wait(Status)"/> fills a Status whose <see cref="Status.Get_count"/> is
			/// the number of elements written here.  If another rank refused its arguments, Wait raises
			/// InvalidOperationException naming it (no rank moved data).  It cannot be cancelled.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/>, <paramref name="bufOffset"/> or
			/// <paramref name="count"/> is negative, or the range runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_RDONLY.</exception>
			/// <exception cref="NotSupportedException">The file was opened MODE_SEQUENTIAL.</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iwrite_at_all (long offset, object buf, int bufOffset, int count) { return Iall (AT | WRITE, offset, buf, bufOffset, count, "Iwrite_at_all"); }

			/// <summary>Starts reading into the whole of <paramref name="buf"/> at the individual file pointer,
			/// collectively and without waiting for the other ranks (MPI_File_iread_all): every rank of the file must call
			/// it, in the same order as the file's other collective operations.  The pointer moves past the block now, at
			/// the call, so that the next read or write at it follows; a read that meets the end of the file is cut there
			/// first.  The ranks agree on their arguments in the background and the data moves once every rank has
			/// posted.  The runtime keeps the buffer in place and alive until the operation completes, even if the Request
			/// is dropped; do not touch the buffer until then.</summary>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The request; <see cref="Request.Wait(Status)"/> fills a Status whose <see cref="Status.Get_count"/> is
			/// the number of elements read here.  If another rank refused its arguments, Wait raises InvalidOperationException
			/// naming it (no rank moved data, and this rank's pointer stays past the block: Seek to go back).  It cannot be
			/// cancelled.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="NotSupportedException">The file was opened MODE_SEQUENTIAL.</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iread_all (object buf) { return Iall (0, 0, buf, 0, Whole, "Iread_all"); }
			/// <summary>Starts reading into <paramref name="count"/> elements of array <paramref name="buf"/> from element
			/// <paramref name="bufOffset"/> at the individual file pointer, collectively and without waiting for the other
			/// ranks (MPI_File_iread_all), as <see cref="Iread_all(object)"/> does for a whole buffer.</summary>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to read into.</param>
			/// <param name="count">The number of elements to read.</param>
			/// <returns>The request, as <see cref="Iread_all(object)"/>'s.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an array, or the
			/// block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="bufOffset"/> or <paramref name="count"/> is
			/// negative, or the range runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="NotSupportedException">The file was opened MODE_SEQUENTIAL.</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iread_all (object buf, int bufOffset, int count) { return Iall (0, 0, buf, bufOffset, count, "Iread_all"); }

			/// <summary>Starts writing the whole of <paramref name="buf"/> at the individual file pointer, collectively
			/// and without waiting for the other ranks (MPI_File_iwrite_all): every rank of the file must call it, in the
			/// same order as the file's other collective operations.  The pointer moves past the block now, at the call.
			/// The ranks agree on their arguments in the background and the data moves once every rank has posted.  The
			/// runtime keeps the buffer in place and alive until the operation completes, even if the Request is dropped;
			/// do not change the buffer until then.</summary>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <returns>The request; <see cref="Request.Wait(Status)"/> fills a Status whose <see cref="Status.Get_count"/> is
			/// the number of elements written here.  If another rank refused its arguments, Wait raises
			/// InvalidOperationException naming it (no rank moved data, and this rank's pointer stays past the block: Seek to
			/// go back).  It cannot be cancelled.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_RDONLY.</exception>
			/// <exception cref="NotSupportedException">The file was opened MODE_SEQUENTIAL.</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iwrite_all (object buf) { return Iall (WRITE, 0, buf, 0, Whole, "Iwrite_all"); }
			/// <summary>Starts writing <paramref name="count"/> elements of array <paramref name="buf"/> from element
			/// <paramref name="bufOffset"/> at the individual file pointer, collectively and without waiting for the other
			/// ranks (MPI_File_iwrite_all), as <see cref="Iwrite_all(object)"/> does for a whole buffer.</summary>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to write.</param>
			/// <param name="count">The number of elements to write.</param>
			/// <returns>The request, as <see cref="Iwrite_all(object)"/>'s.</returns>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an array, or the
			/// block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="bufOffset"/> or <paramref name="count"/> is
			/// negative, or the range runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_RDONLY.</exception>
			/// <exception cref="NotSupportedException">The file was opened MODE_SEQUENTIAL.</exception>
			/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public Request Iwrite_all (object buf, int bufOffset, int count) { return Iall (WRITE, 0, buf, bufOffset, count, "Iwrite_all"); }

			/// <summary>Begins the split collective Read_all at the individual file pointer (MPI_File_read_all_begin): reads
			/// into the whole of <paramref name="buf"/>.  Every rank of the file must call it, and then Read_all_end with the
			/// same buffer; until then the buffer must not be used, and no other split collective may begin on this file.
			/// The read proceeds in the background (as with Iread_all); Read_all_end waits for it.</summary>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a
			/// whole number of the view's etypes.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another split collective has begun on this file and
			/// not ended.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public void Read_all_begin (object buf) { Begin (ALL, 0, buf, 0, Whole, "Read_all"); }
			/// <summary>Begins the split collective Read_all at the individual file pointer (MPI_File_read_all_begin): reads
			/// into <paramref name="count"/> elements of array <paramref name="buf"/> from element <paramref
			/// name="bufOffset"/>.  Every rank of the file must call it, and then Read_all_end with the same buffer; until then
			/// the buffer must not be used, and no other split collective may begin on this file.  The read proceeds in the background
			/// (as with Iread_all); Read_all_end waits for it.</summary>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to read into.</param>
			/// <param name="count">The number of elements to read.</param>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a
			/// whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="bufOffset"/> or <paramref name="count"/>
			/// is negative, or the range runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another split collective has begun on this file and
			/// not ended.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public void Read_all_begin (object buf, int bufOffset, int count) { Begin (ALL, 0, buf, bufOffset, count, "Read_all"); }
			/// <summary>Ends the split collective Read_all begun by Read_all_begin (MPI_File_read_all_end): every rank of the
			/// file must call it.  The buffer may be used again afterwards.</summary>
			/// <param name="buf">The buffer given to Read_all_begin.</param>
			/// <returns>The number of elements this rank read.</returns>
			/// <exception cref="ArgumentException"><paramref name="buf"/> is not the buffer given to Read_all_begin.</exception>
			/// <exception cref="InvalidOperationException">No Read_all_begin is in progress on this file, or another rank
			/// refused its arguments to it, so no rank read.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			public int Read_all_end (object buf) { return End (buf, "Read_all"); }

			/// <summary>Begins the split collective Write_all at the individual file pointer (MPI_File_write_all_begin): writes
			/// the whole of <paramref name="buf"/>.  Every rank of the file must call it, and then Write_all_end with the same
			/// buffer; until then the buffer must not be used, and no other split collective may begin on this file.  The
			/// write proceeds in the background (as with Iwrite_all); Write_all_end waits for it.</summary>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a
			/// whole number of the view's etypes.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another split collective has begun on this file and
			/// not ended.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_RDONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public void Write_all_begin (object buf) { Begin (ALL | WRITE, 0, buf, 0, Whole, "Write_all"); }
			/// <summary>Begins the split collective Write_all at the individual file pointer (MPI_File_write_all_begin): writes
			/// <paramref name="count"/> elements of array <paramref name="buf"/> from element <paramref name="bufOffset"/>.
			/// Every rank of the file must call it, and then Write_all_end with the same buffer; until then the buffer must not
			/// be used, and no other split collective may begin on this file.  The write proceeds in the background
			/// (as with Iwrite_all); Write_all_end waits for it.</summary>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to write.</param>
			/// <param name="count">The number of elements to write.</param>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a
			/// whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="bufOffset"/> or <paramref name="count"/>
			/// is negative, or the range runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another split collective has begun on this file and
			/// not ended.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_RDONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public void Write_all_begin (object buf, int bufOffset, int count) { Begin (ALL | WRITE, 0, buf, bufOffset, count, "Write_all"); }
			/// <summary>Ends the split collective Write_all begun by Write_all_begin (MPI_File_write_all_end): every rank of
			/// the file must call it.  The buffer may be used again afterwards.</summary>
			/// <param name="buf">The buffer given to Write_all_begin.</param>
			/// <returns>The number of elements this rank wrote.</returns>
			/// <exception cref="ArgumentException"><paramref name="buf"/> is not the buffer given to Write_all_begin.</exception>
			/// <exception cref="InvalidOperationException">No Write_all_begin is in progress on this file, or another rank
			/// refused its arguments to it, so no rank wrote.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			public int Write_all_end (object buf) { return End (buf, "Write_all"); }

			/// <summary>Begins the split collective Read_at_all at <paramref name="offset"/> (MPI_File_read_at_all_begin):
			/// reads into the whole of <paramref name="buf"/>.  Every rank of the file must call it, and then Read_at_all_end
			/// with the same buffer; until then the buffer must not be used, and no other split collective may begin on this
			/// file.  The read proceeds in the background (as with Iread_at_all); Read_at_all_end waits for it.</summary>
			/// <param name="offset">Where to read, in etypes of the view.</param>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another split collective has begun on this file and
			/// not ended.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public void Read_at_all_begin (long offset, object buf) { Begin (ALL | AT, offset, buf, 0, Whole, "Read_at_all"); }
			/// <summary>Begins the split collective Read_at_all at <paramref name="offset"/> (MPI_File_read_at_all_begin):
			/// reads into <paramref name="count"/> elements of array <paramref name="buf"/> from element <paramref
			/// name="bufOffset"/>.  Every rank of the file must call it, and then Read_at_all_end with the same buffer; until
			/// then the buffer must not be used, and no other split collective may begin on this file.  The read proceeds in the background
			/// (as with Iread_at_all); Read_at_all_end waits for it.</summary>
			/// <param name="offset">Where to read, in etypes of the view.</param>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to read into.</param>
			/// <param name="count">The number of elements to read.</param>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/>, <paramref name="bufOffset"/> or <paramref name="count"/>
			/// is negative, or the range runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another split collective has begun on this file and
			/// not ended.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public void Read_at_all_begin (long offset, object buf, int bufOffset, int count) { Begin (ALL | AT, offset, buf, bufOffset, count, "Read_at_all"); }
			/// <summary>Ends the split collective Read_at_all begun by Read_at_all_begin (MPI_File_read_at_all_end): every rank
			/// of the file must call it.  The buffer may be used again afterwards.</summary>
			/// <param name="buf">The buffer given to Read_at_all_begin.</param>
			/// <returns>The number of elements this rank read.</returns>
			/// <exception cref="ArgumentException"><paramref name="buf"/> is not the buffer given to Read_at_all_begin.</exception>
			/// <exception cref="InvalidOperationException">No Read_at_all_begin is in progress on this file, or another rank
			/// refused its arguments to it, so no rank read.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			public int Read_at_all_end (object buf) { return End (buf, "Read_at_all"); }

			/// <summary>Begins the split collective Write_at_all at <paramref name="offset"/> (MPI_File_write_at_all_begin):
			/// writes the whole of <paramref name="buf"/>.  Every rank of the file must call it, and then Write_at_all_end with
			/// the same buffer; until then the buffer must not be used, and no other split collective may begin on this file.
			/// The write proceeds in the background (as with Iwrite_at_all); Write_at_all_end waits for it.</summary>
			/// <param name="offset">Where to write, in etypes of the view.</param>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another split collective has begun on this file and
			/// not ended.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_RDONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public void Write_at_all_begin (long offset, object buf) { Begin (ALL | AT | WRITE, offset, buf, 0, Whole, "Write_at_all"); }
			/// <summary>Begins the split collective Write_at_all at <paramref name="offset"/> (MPI_File_write_at_all_begin):
			/// writes <paramref name="count"/> elements of array <paramref name="buf"/> from element <paramref
			/// name="bufOffset"/>.  Every rank of the file must call it, and then Write_at_all_end with the same buffer; until
			/// then the buffer must not be used, and no other split collective may begin on this file.  The write proceeds in the background
			/// (as with Iwrite_at_all); Write_at_all_end waits for it.</summary>
			/// <param name="offset">Where to write, in etypes of the view.</param>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to write.</param>
			/// <param name="count">The number of elements to write.</param>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/>, <paramref name="bufOffset"/> or <paramref name="count"/>
			/// is negative, or the range runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another split collective has begun on this file and
			/// not ended.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_RDONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public void Write_at_all_begin (long offset, object buf, int bufOffset, int count) { Begin (ALL | AT | WRITE, offset, buf, bufOffset, count, "Write_at_all"); }
			/// <summary>Ends the split collective Write_at_all begun by Write_at_all_begin (MPI_File_write_at_all_end): every
			/// rank of the file must call it.  The buffer may be used again afterwards.</summary>
			/// <param name="buf">The buffer given to Write_at_all_begin.</param>
			/// <returns>The number of elements this rank wrote.</returns>
			/// <exception cref="ArgumentException"><paramref name="buf"/> is not the buffer given to Write_at_all_begin.</exception>
			/// <exception cref="InvalidOperationException">No Write_at_all_begin is in progress on this file, or another rank
			/// refused its arguments to it, so no rank wrote.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			public int Write_at_all_end (object buf) { return End (buf, "Write_at_all"); }

			/// <summary>Begins the split collective Read_ordered at the shared file pointer in rank order
			/// (MPI_File_read_ordered_begin): reads into the whole of <paramref name="buf"/>.  Every rank of the file must call
			/// it, and then Read_ordered_end with the same buffer; until then the buffer must not be used, and no other split
			/// collective may begin on this file.  Motor carries the whole operation out here, as MPI allows, so
			/// Read_ordered_end only reports it.</summary>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another split collective has begun on this file and not ended, or
			/// another rank refused its arguments, so no rank read.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public void Read_ordered_begin (object buf) { Begin (SHARED | ALL, 0, buf, 0, Whole, "Read_ordered"); }
			/// <summary>Begins the split collective Read_ordered at the shared file pointer in rank order
			/// (MPI_File_read_ordered_begin): reads into <paramref name="count"/> elements of array <paramref name="buf"/> from
			/// element <paramref name="bufOffset"/>.  Every rank of the file must call it, and then Read_ordered_end with the
			/// same buffer; until then the buffer must not be used, and no other split collective may begin on this file.
			/// Motor carries the whole operation out here, as MPI allows, so Read_ordered_end only reports it.</summary>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to read into.</param>
			/// <param name="count">The number of elements to read.</param>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="bufOffset"/> or <paramref name="count"/>
			/// is negative, or the range runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another split collective has begun on this file and not ended, or
			/// another rank refused its arguments, so no rank read.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_WRONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public void Read_ordered_begin (object buf, int bufOffset, int count) { Begin (SHARED | ALL, 0, buf, bufOffset, count, "Read_ordered"); }
			/// <summary>Ends the split collective Read_ordered begun by Read_ordered_begin (MPI_File_read_ordered_end): every
			/// rank of the file must call it.  The buffer may be used again afterwards.</summary>
			/// <param name="buf">The buffer given to Read_ordered_begin.</param>
			/// <returns>The number of elements this rank read.</returns>
			/// <exception cref="ArgumentException"><paramref name="buf"/> is not the buffer given to Read_ordered_begin.</exception>
			/// <exception cref="InvalidOperationException">No Read_ordered_begin is in progress on this file.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			public int Read_ordered_end (object buf) { return End (buf, "Read_ordered"); }

			/// <summary>Begins the split collective Write_ordered at the shared file pointer in rank order
			/// (MPI_File_write_ordered_begin): writes the whole of <paramref name="buf"/>.  Every rank of the file must call
			/// it, and then Write_ordered_end with the same buffer; until then the buffer must not be used, and no other split
			/// collective may begin on this file.  Motor carries the whole operation out here, as MPI allows, so
			/// Write_ordered_end only reports it.</summary>
			/// <param name="buf">The buffer: an array of a primitive type or of structs without references, or an
			/// object without reference fields.</param>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer, or the block is not a whole
			/// number of the view's etypes.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another split collective has begun on this file and not ended, or
			/// another rank refused its arguments, so no rank wrote.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_RDONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public void Write_ordered_begin (object buf) { Begin (SHARED | ALL | WRITE, 0, buf, 0, Whole, "Write_ordered"); }
			/// <summary>Begins the split collective Write_ordered at the shared file pointer in rank order
			/// (MPI_File_write_ordered_begin): writes <paramref name="count"/> elements of array <paramref name="buf"/> from
			/// element <paramref name="bufOffset"/>.  Every rank of the file must call it, and then Write_ordered_end with the
			/// same buffer; until then the buffer must not be used, and no other split collective may begin on this file.
			/// Motor carries the whole operation out here, as MPI allows, so Write_ordered_end only reports it.</summary>
			/// <param name="buf">The array.</param>
			/// <param name="bufOffset">The first element of <paramref name="buf"/> to write.</param>
			/// <param name="count">The number of elements to write.</param>
			/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
			/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be a buffer or is not an
			/// array, or the block is not a whole number of the view's etypes.</exception>
			/// <exception cref="ArgumentOutOfRangeException"><paramref name="bufOffset"/> or <paramref name="count"/>
			/// is negative, or the range runs past the end of the array.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="InvalidOperationException">Another split collective has begun on this file and not ended, or
			/// another rank refused its arguments, so no rank wrote.</exception>
			/// <exception cref="UnauthorizedAccessException">The file was opened MODE_RDONLY.</exception>
			/// <exception cref="IOException">The file system reported an error.</exception>
			/// <exception cref="MPIException">The MPI library reported another error.</exception>
			public void Write_ordered_begin (object buf, int bufOffset, int count) { Begin (SHARED | ALL | WRITE, 0, buf, bufOffset, count, "Write_ordered"); }
			/// <summary>Ends the split collective Write_ordered begun by Write_ordered_begin (MPI_File_write_ordered_end):
			/// every rank of the file must call it.  The buffer may be used again afterwards.</summary>
			/// <param name="buf">The buffer given to Write_ordered_begin.</param>
			/// <returns>The number of elements this rank wrote.</returns>
			/// <exception cref="ArgumentException"><paramref name="buf"/> is not the buffer given to Write_ordered_begin.</exception>
			/// <exception cref="InvalidOperationException">No Write_ordered_begin is in progress on this file.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			public int Write_ordered_end (object buf) { return End (buf, "Write_ordered"); }

			/// <summary>Moves the shared file pointer, the position <see cref="Read_shared(object)"/>, <see
			/// cref="Write_shared(object)"/> and the ordered forms use, collectively (MPI_File_seek_shared): every rank of
			/// the file must call it with the same position.  Positions count etypes of the view, as for <see
			/// cref="Seek"/>.</summary>
			/// <param name="offset">The offset in etypes, relative to <paramref name="whence"/>; may be negative.</param>
			/// <param name="whence"><see cref="MPI.SEEK_SET"/>, <see cref="MPI.SEEK_CUR"/> (from the shared pointer) or
			/// <see cref="MPI.SEEK_END"/>.</param>
			/// <exception cref="ArgumentException"><paramref name="whence"/> is none of the three, or the ranks asked
			/// for different positions (no rank moved the pointer).</exception>
			/// <exception cref="ArgumentOutOfRangeException">The new position would lie before the start of the
			/// view.</exception>
			/// <exception cref="NotSupportedException">The file was opened MODE_SEQUENTIAL.</exception>
			/// <exception cref="InvalidOperationException">Another rank refused its arguments, so no rank moved the
			/// pointer.</exception>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="MPIException">The MPI library reported an error.</exception>
			public void Seek_shared (long offset, int whence)
			{
				int rc = MPDirect.FileSeekShared (Handle ("Seek_shared"), offset, whence, 0);
				if (rc != 0)
					throw SeekError (rc, "Seek_shared", offset, whence);
			}

			/// <summary>The shared file pointer, in etypes from the start of the view (MPI_File_get_position_shared,
			/// local).</summary>
			/// <returns>The position.</returns>
			/// <exception cref="ObjectDisposedException">The file has been closed.</exception>
			/// <exception cref="MPIException">The MPI library reported an error.</exception>
			public long Get_position_shared ()
			{
				long pos;
				return Value (MPDirect.FileGetPositionShared (Handle ("Get_position_shared"), out pos), pos, "Get_position_shared");
			}

			const int Whole = int.MinValue;

			int Handle (string op)
			{
				int h = Volatile.Read (ref handle);
				if (h < 0)
					throw Closed (op);
				return h;
			}

			ObjectDisposedException Closed (string op)
			{
				return new ObjectDisposedException ("MPI.File", op + ": the file \"" + path + "\" has been closed");
			}

			void Ctl (int what, long arg, string op, string argName)
			{
				int h = Handle (op);
				if (arg < 0) {
					MPDirect.FileCtl (h, what, 0, Errors.EARG); // the agreement the other ranks' calls make
					throw new ArgumentOutOfRangeException (argName, arg, op + ": must not be negative");
				}
				int rc = MPDirect.FileCtl (h, what, arg, 0);
				if (rc == Errors.EMISMATCH)
					throw new ArgumentException (op + "(\"" + path + "\"): the ranks passed different values (MPI needs the " +
						"same " + argName + " on every rank), so no rank carried it out", argName);
				if (rc != 0)
					throw Error (rc, op, path, null, null);
			}

			// A local refusal of a collective form takes its part in the agreement before it is raised.
			int Rw (int how, long offset, object buf, int bufOffset, int count, string op)
			{
				int h = Handle (op);
				Exception refusal = Refusal (op, (how & AT) != 0, offset, bufOffset, ref count);
				if (refusal != null) {
					if ((how & ALL) != 0)
						MPDirect.FileCtl (h, CTL_AGREE, 0, Errors.EARG);
					throw refusal;
				}
				long done;
				int rc = MPDirect.FileRw (h, how, offset, buf, bufOffset, count, 0, out done);
				if (rc != 0)
					throw Error (rc, op, path, null, buf);
				return (int) done;
			}

			// how: WRITE | AT (AT: at offset; else at the individual file pointer, and offset is unused).
			Request Iat (int how, long offset, object buf, int bufOffset, int count, string op)
			{
				int h = Handle (op);
				Exception refusal = Refusal (op, true, offset, bufOffset, ref count);
				if (refusal != null)
					throw refusal;
				var r = new FileRequest (this);
				return Track (MPDirect.FileIat (h, how, offset, buf, bufOffset, count, r), r, op, buf);
			}

			// What this rank refuses in the arguments of a read or write before any call (null: nothing); a whole-buffer
			// count (Whole) becomes -1.  `at`: the offset is a position in the file (a pointer's is ignored).
			static Exception Refusal (string op, bool at, long offset, int bufOffset, ref int count)
			{
				if (count == Whole)
					count = -1;
				else if (bufOffset < 0 || count < 0)
					return BadRange (op, bufOffset, count);
				if (at && offset < 0)
					return new ArgumentOutOfRangeException ("offset", offset, op + ": the file offset must not be negative");
				return null;
			}

			// A non-blocking operation posted with code rc: raised, or kept for Close, which completes it first.
			Request Track (int rc, FileRequest r, string op, object buf)
			{
				if (rc != 0)
					throw Error (rc, op, path, null, buf);
				lock (pending) {
					pending.RemoveAll (p => Volatile.Read (ref p.done) != 0);
					pending.Add (r);
				}
				return r;
			}

			// The non-blocking collectives at an explicit offset (how: WRITE or 0).  A local refusal takes its part in the
			// agreement before it is raised, so the other ranks' requests complete with it instead of waiting.
			Request Iall (int how, long offset, object buf, int bufOffset, int count, string op)
			{
				int h = Handle (op);
				Exception refusal = Refusal (op, (how & AT) != 0, offset, bufOffset, ref count);
				if (refusal != null) {
					MPDirect.FileIall (h, how, 0, null, 0, 0, Errors.EARG, null);
					throw refusal;
				}
				var r = new FileRequest (this);
				return Track (MPDirect.FileIall (h, how, offset, buf, bufOffset, count, 0, r), r, op, buf);
			}

			// The split collective that has begun on this file and not ended (MPI allows one per file at a time), the
			// buffer it was given, and its request (at a file pointer or an explicit offset) or what it moved (ordered).
			readonly object splitLock = new object ();
			string splitOp;
			object splitBuf;
			int splitDone;
			Request splitReq;

			void Begin (int how, long offset, object buf, int bufOffset, int count, string op)
			{
				string what = op + "_begin";
				int h = Handle (what);
				bool ordered = (how & SHARED) != 0;
				string busy;
				lock (splitLock)
					busy = splitOp;
				if (busy != null) {
					// This rank's part in the agreement the other ranks' calls make.
					if (ordered)
						MPDirect.FileCtl (h, CTL_AGREE, 0, Errors.EARG);
					else
						MPDirect.FileIall (h, how & (AT | WRITE), 0, null, 0, 0, Errors.EARG, null);
					throw new InvalidOperationException (what + "(\"" + path + "\"): " + busy + "_begin has not ended on this " +
						"file (MPI allows one split collective per file at a time): call " + busy + "_end first");
				}
				// At a file pointer or an explicit offset the operation proceeds in the background, as Iread_all and
				// Iread_at_all do; an ordered one has no non-blocking form in MPI and is carried out here.
				Request r = null;
				int n = 0;
				if (ordered)
					n = Rw (how, offset, buf, bufOffset, count, what);
				else
					r = Iall (how & (AT | WRITE), offset, buf, bufOffset, count, what);
				lock (splitLock) {
					splitOp = op;
					splitBuf = buf;
					splitDone = n;
					splitReq = r;
				}
			}

			int End (object buf, string op)
			{
				string what = op + "_end";
				Handle (what);
				Request r;
				lock (splitLock) {
					if (splitOp != op)
						throw new InvalidOperationException (what + "(\"" + path + "\"): " + (splitOp == null ?
							"no split collective has begun on this file: call " + op + "_begin first" :
							"the split collective in progress is " + splitOp + ", not " + op));
					if (!ReferenceEquals (buf, splitBuf))
						throw new ArgumentException (what + ": the buffer is not the one given to " + op + "_begin", "buf");
					splitOp = null;
					splitBuf = null;
					r = splitReq;
					splitReq = null;
					if (r == null)
						return splitDone;
				}
				var st = new Status ();
				r.Wait (st);
				return st.Get_count (buf is Array ? buf.GetType ().GetElementType () : buf.GetType ());
			}

			// Completes the non-blocking operations still in flight, leaving their results in their Requests for the
			// program's Wait or Test to report.
			void FinishPending ()
			{
				Request[] list;
				lock (pending) {
					list = pending.ToArray ();
					pending.Clear ();
				}
				foreach (var r in list) {
					int f;
					while (Volatile.Read (ref r.done) == 0 && r.ended == 0 &&
					       r.CompleteNative (true, true, out f) == Errors.EBUSY)
						Thread.Yield ();
				}
			}

			static Exception BadRange (string op, int bufOffset, int count)
			{
				if (bufOffset < 0)
					return new ArgumentOutOfRangeException ("bufOffset", bufOffset, op + ": the buffer offset must not be negative");
				return new ArgumentOutOfRangeException ("count", count, op + ": the count must not be negative");
			}

			/// <summary>The exception for code <paramref name="rc"/> of file operation <paramref name="op"/> on
			/// <paramref name="path"/>.</summary>
			internal static Exception Error (int rc, string op, string path, Comm comm, object buf)
			{
				string what = op + "(\"" + path + "\")";
				if (rc <= Errors.EPEER_BASE)
					return new InvalidOperationException (what + ": " + Coll.Peer (rc) + " refused its arguments to this " +
						"collective operation (the exception there says why), so no rank carried it out; the file can be used again");
				switch (rc) {
				case EFILE:
					return new ObjectDisposedException ("MPI.File", what + ": the file has been closed");
				case ESEQUENTIAL:
					return new NotSupportedException (what + ": a file opened with MODE_SEQUENTIAL allows only the shared " +
						"file pointer: use Read_shared, Write_shared, Read_ordered, Write_ordered, Iread_shared or Iwrite_shared");
				case EACCMODE:
					return new UnauthorizedAccessException (what + ": the file's access mode does not allow it (a read " +
						"of a file opened MODE_WRONLY, or a write to one opened MODE_RDONLY)");
				case Errors.EOFFSET:
					return new ArgumentOutOfRangeException ("bufOffset", op + ": the buffer offset is outside the buffer (" + Errors.TypeName (buf) + ")");
				case Errors.ECOUNT:
					return new ArgumentOutOfRangeException ("count", op + ": the buffer is too short: offset + count runs past its end (" +
						Errors.TypeName (buf) + ")");
				case Errors.EETYPES:
					return new ArgumentException (op + ": the block (" + Errors.TypeName (buf) + ") is not a whole number of the " +
						"view's etypes, and MPI reads and writes whole etypes only: read or write whole etypes", "count");
				case Errors.ETYPE:
					return new ArgumentException (op + ": the view has a filetype, so the buffer must be an array of its etype, " +
						"not " + Errors.TypeName (buf) + " (MPI reads and writes whole etypes through a filetype)", "buf");
				case Errors.EBUFTYPE:
					return new ArgumentException (op + ": " + Errors.TypeName (buf) + " cannot be a file buffer: only arrays of " +
						"primitive types or of structs without references, and objects without reference fields, can be read " +
						"or written in place", "buf");
				}
				if (rc < 0)
					return Errors.Make (rc, comm, buf, 0, 0, null);
				string msg = what + ": " + MPDirect.ErrorString (rc);
				switch (MPDirect.FileErrorKind (rc)) {
				case KNoent:
					string dir = null;
					try {
						dir = System.IO.Path.GetDirectoryName (System.IO.Path.GetFullPath (path));
					} catch (Exception) {
					}
					if (dir != null && !Directory.Exists (dir))
						return new DirectoryNotFoundException (what + ": the directory \"" + dir + "\" does not exist (" +
							MPDirect.ErrorString (rc) + ")");
					return new FileNotFoundException (what + ": the file does not exist (" + MPDirect.ErrorString (rc) +
						"); pass MODE_CREATE to create it", path);
				case KAccess:
				case KReadonly:
					return new UnauthorizedAccessException (what + ": access denied (" + MPDirect.ErrorString (rc) + ")");
				case KAmode:
					return new ArgumentException (what + ": the MPI library refused the access mode (" + MPDirect.ErrorString (rc) + ")", "amode");
				case KExists:
					return new IOException (what + ": the file exists and MODE_EXCL was given (" + MPDirect.ErrorString (rc) + ")");
				case KInuse:
				case KNospace:
				case KBadname:
				case KIo:
					return new IOException (msg);
				case KUnsupported:
					return new NotSupportedException (msg);
				default:
					return new MPIException (rc, MPDirect.ErrorClass (rc), msg);
				}
			}

			// The request of Iread_at/Iwrite_at: names the file in its errors; not cancellable (MPI-IO libraries do
			// not cancel file operations in flight).
			sealed class FileRequest : Request
			{
				readonly string path;

				internal FileRequest (File f)
				{
					path = f.path;
				}

				internal override int CancelNative ()
				{
					throw new NotSupportedException ("a non-blocking file operation cannot be cancelled: Wait for it");
				}

				internal override Exception ResultException (string op)
				{
					return Error (rc, op, path, null, null);
				}
			}
		}
	}
}
