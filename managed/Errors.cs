// Errors: the one place where a code returned by an internal call becomes an exception.
namespace System.MP
{
	internal static class Errors
	{
		// Motor's own codes (native-mpi/motor-mpi.h).
		internal const int ENULL = -1, EBUFTYPE = -2, EOFFSET = -3, ECOUNT = -4, ERANK = -5, ETAG = -6,
			ECOMM = -7, ENOTARRAY = -8, EFINALIZED = -9, ENOMEM = -10, EALIAS = -11, EARG = -12, ECOMMFREE = -13,
			EBUSY = -14, EOVERLAP = -15, EINPLACE = -16, ECOMMLIMIT = -17, EGROUP = -40, EINTER = -41, EINTRA = -42, ETOPO = -43, EDIMS = -44, ECOORDS = -45, EREMOTE = -46,
			EGRAPH = -47, EMISMATCH = -48;

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

		/// <summary>The exception for MPI.IN_PLACE passed as <paramref name="param"/> where MPI takes no
		/// MPI_IN_PLACE.</summary>
		internal static Exception InPlaceRefused (string param)
		{
			return new ArgumentException ("MPI.IN_PLACE is not a buffer: only the collectives with an in-place form " +
				"take it (as the send buffer of Gather, Gatherv and Reduce at the root and of Allgather, Allgatherv, " +
				"Alltoall, Alltoallv, Allreduce, Scan, Exscan and Reduce_scatter_block on every rank; as the receive " +
				"buffer of Scatter and Scatterv at the root).  Pass an array here.", param);
		}

		// Element names of the predefined datatypes, in the order of enum motor_dt (native-mpi/motor-mpi.h).
		static readonly string[] dtNames = { "System.Byte", "System.SByte", "System.Int16", "System.UInt16", "System.Int32",
			"System.UInt32", "System.Int64", "System.UInt64", "System.Single", "System.Double", "System.Char", "System.Boolean" };
		static readonly int[] dtSizes = { 1, 1, 2, 2, 4, 4, 8, 8, 4, 8, 2, 1 };

		/// <summary>Whether <paramref name="rc"/> is MPI's "message truncated" (a message longer than the receive
		/// buffer).</summary>
		internal static bool IsTruncation (int rc)
		{
			return rc > 0 && MPDirect.ErrorClass (rc) == MPDirect.TruncateClass ();
		}

		// A source or tag that is not known (a non-blocking receive completed without a status).
		const int Unknown = int.MinValue;

		/// <summary>The exception for a receive whose message did not fit: what arrived (as far as the status
		/// tells), from where, and what the buffer holds, with what to do.  <paramref name="op"/> is the operation
		/// the program called; <paramref name="st"/> the status if MPI filled one (its error field is then set),
		/// else the posted <paramref name="source"/> and <paramref name="tag"/> are named (Unknown: not named);
		/// the buffer holds <paramref name="count"/> elements of <paramref name="elemName"/>,
		/// <paramref name="elemSize"/> bytes each (0: unknown).  Keeps MPI's error code and class
		/// (MPI_ERR_TRUNCATE).</summary>
		internal static MPIException Truncated (int rc, string op, StatusData st, int source, int tag, long count,
		                                        string elemName, int elemSize)
		{
			bool known = st.error != 0;
			if (known) {
				source = st.source;
				tag = st.tag;
			}
			string from = "";
			if (source != Unknown)
				from = (source == MPI.ANY_SOURCE ? " from some rank (ANY_SOURCE" : " from rank " + source) +
					(source == MPI.ANY_SOURCE ? ", " : " (") + (tag == MPI.ANY_TAG ? "any tag)" : "tag " + tag + ")");
			long cap = elemSize > 0 && count >= 0 ? count * elemSize : -1;
			string holds = cap >= 0 ? cap + " bytes (" + count + " x " + elemName + ")" : count + " elements of a struct";
			if (count < 0) // the size of the buffer is no longer known
				holds = "";
			// Open MPI reports the whole message's size; MPICH reports 0 bytes, so all that is known is "more".
			string size = known && cap >= 0 && st.bytes > cap ? " has " + st.bytes + " bytes but the buffer holds "
				: count < 0 ? " is longer than the buffer" : " is longer than the buffer, which holds ";
			string msg = op + ": message truncated: the message" + from + size + holds + ": pass a larger buffer, or Probe first to size it";
			if (!known && (source == Unknown || source == MPI.ANY_SOURCE || tag == MPI.ANY_TAG))
				msg += " (" + (source == Unknown ? "Wait or Test with a Status" : "a Status") + " tells which message it was)";
			return new MPIException (rc, MPDirect.ErrorClass (rc), msg);
		}

		/// <summary>Truncated, for a buffer given as in Comm.Recv: the whole of <paramref name="buf"/>
		/// (<paramref name="count"/> == -1) or <paramref name="count"/> elements of it.</summary>
		internal static MPIException Truncated (int rc, string op, StatusData st, int source, int tag, object buf, int count)
		{
			Type et = buf is Array ? buf.GetType ().GetElementType () : buf.GetType ();
			int size = MPDirect.ElementSize (et);
			long n = buf is Array ? (count >= 0 ? count : ((Array) buf).LongLength) : 1;
			return Truncated (rc, op, st, source, tag, n, et.FullName, size > 0 ? size : 0);
		}

		/// <summary>Truncated, for a buffer the runtime described by a datatype handle (a non-blocking receive).</summary>
		internal static MPIException TruncatedDt (int rc, string op, StatusData st, long count, int dt)
		{
			if (count < 0)
				return Truncated (rc, op, st, Unknown, Unknown, -1, null, 0);
			if (dt >= 0 && dt < dtNames.Length)
				return Truncated (rc, op, st, Unknown, Unknown, count, dtNames[dt], dtSizes[dt]);
			return Truncated (rc, op, st, Unknown, Unknown, count, "struct", 0);
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
				if (comm != null && comm.IdupNotUsable () != null)
					return comm.IdupNotUsable ();
				if (comm == null && Comm.IdupsMade > 0) // the collectives do not say which communicator
					return new ObjectDisposedException ("Comm", "the communicator has been freed, or it was made by " +
						"Idup and the request Idup returned has not completed yet (Wait for it first)");
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
			case EINPLACE:
				return InPlaceRefused ("buf");
			case ECOMMLIMIT:
				return new InvalidOperationException ("too many communicators: free the ones you no longer need " +
					"(Comm.Free).  Only so many can exist per process at once (MPICH: 2,048, Open MPI: 4,096 in " +
					"Motor's table, each counting COMM_WORLD and COMM_SELF).");
			case EGROUP:
				if (MPI.Is_finalized ())
					return new InvalidOperationException ("MPI has been finalized");
				return new ObjectDisposedException ("Group", "the group has been freed");
			case EINTER:
				return new InvalidOperationException ("the operation needs an intracommunicator, not an intercommunicator");
			case EINTRA:
				return new InvalidOperationException ("the operation needs an intercommunicator");
			case ETOPO:
				return new InvalidOperationException ("the communicator has no topology of the kind the operation needs");
			case EDIMS:
				return new ArgumentException ("the dimensions do not fit the communicator");
			case ECOORDS:
				return new ArgumentOutOfRangeException ("coords", "a coordinate is outside a non-periodic dimension");
			case EGRAPH:
				return new ArgumentException ("the index, edges, sources, destinations or weights do not describe a graph");
			case EMISMATCH:
				return new ArgumentException ("the ranks passed arguments that do not fit together");
			case EREMOTE:
				return new InvalidOperationException ("the root of the collective operation refused its arguments (it raised the reason)");
			default:
				if (rc <= Coll.EPEER_BASE)
					return new InvalidOperationException (Coll.Peer (rc) + " refused its arguments to " +
						"this collective operation (the exception there says why), so no rank carried it out; the " +
						"communicator can be used again");
				if (rc <= ObjectErrors.First && rc >= ObjectErrors.Last)
					return ObjectErrors.Make (rc, MPDirect.OErrorMessage ());
				if (rc < 0)
					return new ArgumentException (MPDirect.ErrorString (rc));
				return new MPIException (rc, MPDirect.ErrorClass (rc), MPDirect.ErrorString (rc));
			}
		}
	}
}
