// Errors: the one place where a code returned by an internal call becomes an exception.
namespace System.MP
{
	internal static class Errors
	{
		// Motor's own codes (native-mpi/motor-mpi.h).
		internal const int ENULL = -1, EBUFTYPE = -2, EOFFSET = -3, ECOUNT = -4, ERANK = -5, ETAG = -6,
			ECOMM = -7, ENOTARRAY = -8, EFINALIZED = -9, ENOMEM = -10, EALIAS = -11, EARG = -12, ECOMMFREE = -13,
			EBUSY = -14, EOVERLAP = -15, EGROUP = -40, EINTER = -41, EINTRA = -42, ETOPO = -43, EDIMS = -44, ECOORDS = -45, EREMOTE = -46;

		internal static void Check (int rc)
		{
			if (rc != 0)
				throw Make (rc, null, null, 0, 0, null);
		}

		/// <summary>The exception for a negative offset or count.  Callers test both inline before every
		/// internal call, so that a negative count is never mistaken for the "whole buffer" count (-1) of
		/// the internal calls.</summary>
		internal static Exception BadRange (int offset, int count)
		{
			if (offset < 0)
				return new ArgumentOutOfRangeException ("offset", offset, "offset must not be negative");
			return new ArgumentOutOfRangeException ("count", count, "count must not be negative");
		}

		internal static string TypeName (object o)
		{
			return o == null ? "null" : o.GetType ().FullName;
		}

		/// <summary>The exception for code <paramref name="rc"/> of an operation on <paramref name="comm"/>
		/// with buffer <paramref name="buf"/>, peer <paramref name="rank"/> (named <paramref name="rankName"/>)
		/// and <paramref name="tag"/>.</summary>
		internal static Exception Make (int rc, Comm comm, object buf, int rank, int tag, string rankName)
		{
			switch (rc) {
			case ENULL:
				return new ArgumentNullException ("buf", "the buffer is null");
			case EBUFTYPE:
				return new ArgumentException (TypeName (buf) + " cannot be an MPI buffer: only arrays of primitive types or of " +
					"structs without references, and objects without reference fields, can be sent or received in place; " +
					"process-local handles (GCHandle, SafeHandle, RuntimeTypeHandle, ...) never travel, in any field. " +
					"Use the O-operations (OSend, ORecv, ...) to transport object graphs.", "buf");
			case EOFFSET:
				return new ArgumentOutOfRangeException ("offset", "offset is outside the buffer (" + TypeName (buf) + ")");
			case ECOUNT:
				return new ArgumentOutOfRangeException ("count", "offset + count runs past the end of the buffer (" + TypeName (buf) + ")");
			case ERANK:
				return new ArgumentOutOfRangeException (rankName ?? "rank", rank, "rank " + rank + " is not in the communicator" +
					(comm != null && comm.IsValid ? " (size " + comm.RemoteSizeForChecks + ")" : ""));
			case ETAG:
				return new ArgumentOutOfRangeException ("tag", tag, "tag " + tag + " is outside 0.." + MPI.TAG_UB +
					(rankName == "source" ? " (or ANY_TAG)" : ""));
			case ECOMM:
				if (MPI.Is_finalized ())
					return new InvalidOperationException ("MPI has been finalized");
				return new ObjectDisposedException ("Comm", "the communicator has been freed");
			case ENOTARRAY:
				return new ArgumentException ("the offset/count form needs an array; " + TypeName (buf) + " is not one", "buf");
			case EFINALIZED:
				return new InvalidOperationException ("MPI has been finalized");
			case ENOMEM:
				return new OutOfMemoryException ("Motor runtime: " + MPDirect.ErrorString (rc));
			case EALIAS:
				return new ArgumentException ("the send and receive buffers overlap", "recvbuf");
			case ECOMMFREE:
				return new InvalidOperationException ("COMM_WORLD and COMM_SELF cannot be freed");
			case EBUSY:
				return new InvalidOperationException ("the request is being completed by another thread (MPI forbids completing one request from two threads at once)");
			case EOVERLAP:
				return new ArgumentException ("the buffer overlaps the buffer of a non-blocking operation still in flight on " +
					"this rank that this one may match (a message of the rank to itself); MPI forbids touching that buffer " +
					"until the operation completes: Wait for it first, or use disjoint buffers", "buf");
			case EGROUP:
				if (MPI.Is_finalized ())
					return new InvalidOperationException ("MPI has been finalized");
				return new ObjectDisposedException ("Group", "the group has been freed");
			case EINTER:
				return new InvalidOperationException ("the operation needs an intracommunicator, not an intercommunicator");
			case EINTRA:
				return new InvalidOperationException ("the operation needs an intercommunicator");
			case ETOPO:
				return new InvalidOperationException ("the communicator has no Cartesian topology");
			case EDIMS:
				return new ArgumentException ("the dimensions do not fit the communicator");
			case ECOORDS:
				return new ArgumentOutOfRangeException ("coords", "a coordinate is outside a non-periodic dimension");
			case EREMOTE:
				return new InvalidOperationException ("the root of the collective operation refused its arguments (it raised the reason)");
			default:
				if (rc <= ObjectErrors.First && rc >= ObjectErrors.Last)
					return ObjectErrors.Make (rc, MPDirect.OErrorMessage ());
				if (rc < 0)
					return new ArgumentException (MPDirect.ErrorString (rc));
				return new MPIException (rc, MPDirect.ErrorClass (rc), MPDirect.ErrorString (rc));
			}
		}
	}
}
